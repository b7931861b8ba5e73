/**
 * The simulated user of the React tests: user-event with no pause between keystrokes. By default
 * user-event waits on a timer after each key, so typing a field takes as many turns of the event
 * loop as it has letters; on a busy machine a test could run past its time limit mid-word, and its
 * remaining keys then landed in the next test's focused field ("Burger Barn" and "Renamed" typed
 * into one input as "burgeRrebnaarmned"). Typed at once, a word is whole or not typed at all.
 */
import userEvent from '@testing-library/user-event';

type Options = NonNullable<Parameters<typeof userEvent.setup>[0]>;

export const setupUser = (options: Options = {}): ReturnType<typeof userEvent.setup> =>
  userEvent.setup({ delay: null, ...options });
