import { describe, expect, it } from 'vitest';
import { phoneNumbersIn } from '../support/phone-in-url';

describe('phoneNumbersIn (the browser journeys’ URL check)', () => {
  it.each([
    ['/api/users/0412345678/history', ['0412345678']],
    ['/api/users?phone=%2B61412345678', ['+61412345678']],
    ['/api/users?phone=61412345678', ['61412345678']],
  ])('finds the number in %s', (url, found) => {
    expect(phoneNumbersIn(`http://127.0.0.1:4000${url}`)).toEqual(expect.arrayContaining(found));
  });

  it.each(['/api/users?cursor=abc0412345678901', '/api/slices/0b9f-44', '/api/users'])(
    'finds none in %s',
    (url) => {
      expect(phoneNumbersIn(`http://127.0.0.1:4000${url}`)).toEqual([]);
    },
  );
});
