// Placeholder route module: replaced by its feature's implementation.
export function Component() {
  return null;
}
