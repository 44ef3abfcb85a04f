import { singleLine } from './text';

describe('singleLine', () => {
  const name = singleLine('Il nome è obbligatorio').trim().min(1).max(20);

  it.each(['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u2028b', 'Anna\n'])(
    'refuses %j',
    (value) => {
      const result = name.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Non può contenere a capo né altri caratteri di controllo',
      );
    },
  );

  it('accepts letters of any language, punctuation and spaces, trimmed', () => {
    expect(name.parse('  Àngela D’Amico ')).toBe('Àngela D’Amico');
    expect(name.parse('Ёлка №5')).toBe('Ёлка №5');
  });
});
