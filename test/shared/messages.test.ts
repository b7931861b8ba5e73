import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';

const spec = readFileSync(new URL('../../../shared/spec/product-spec.md', import.meta.url), 'utf8');

describe('MESSAGES', () => {
  it('holds every message of the spec word for word (each appears in the spec text)', () => {
    for (const [key, message] of Object.entries(MESSAGES)) {
      if (key === 'operatorOnly') continue; // checked below: the spec gives it as a variant
      expect(spec.includes(message), `${key}: "${message}" is not in the spec`).toBe(true);
    }
    // Spec: "... and the operator version ending "Only operator users can access this page.""
    expect(MESSAGES.operatorOnly).toBe(
      MESSAGES.adminOnly.replace(
        'Only admin users can access this page.',
        'Only operator users can access this page.',
      ),
    );
    expect(spec).toContain('"Only operator users can access this page."');
  });

  it('covers every quoted message of the spec error catalogue (section 8)', () => {
    const section8 = spec.slice(
      spec.indexOf('## 8. Error catalogue'),
      spec.indexOf('**Identity service code mapping**'),
    );
    const quoted = [...section8.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
    const ours = new Set<string>(Object.values(MESSAGES));
    // The operator login message is given in the spec as "the operator version ending ...".
    const missing = quoted.filter((q) => !ours.has(q) && ![...ours].some((m) => m.endsWith(q)));
    expect(missing).toEqual([]);
  });

  it('covers every quoted message of the validation rules (section 5)', () => {
    const section5 = spec.slice(
      spec.indexOf('## 5. Validation rules'),
      spec.indexOf('**Wheel widget**'),
    );
    const quoted = [...section5.matchAll(/"([^"]+)"/g)].map((m) => m[1]!).filter((q) => q !== '04');
    const ours = new Set<string>(Object.values(MESSAGES));
    expect(quoted.filter((q) => !ours.has(q))).toEqual([]);
  });
});
