import {
  formatCents,
  formatDateTime,
  formatDay,
  formatEuro,
  formatInstantDay,
  formatLongDate,
  formatNumber,
  formatNumericDay,
  formatShortDate,
} from './format';

// Intl writes a narrow no-break space before the euro sign and in some dates; compared as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('format', () => {
  it('writes euros the Italian way with two decimals, from euros or cents', () => {
    expect(plain(formatEuro(12345.6))).toBe('12.345,60 €');
    expect(plain(formatCents(123450))).toBe('1234,50 €');
    expect(plain(formatCents(5))).toBe('0,05 €');
  });

  it("writes figures in the visitor's language", () => {
    expect(formatNumber(4.7, 'it')).toBe('4,7');
    expect(formatNumber(4.7, 'en')).toBe('4.7');
    expect(formatNumber(0.25, 'unknown', { style: 'percent' })).toBe('25%');
  });

  it('writes dates in words or figures, in the language, day before month', () => {
    expect(formatDay('2025-12-01', 'it')).toBe('1 dicembre 2025');
    expect(formatDay('2025-12-01T23:30:00Z', 'en')).toBe('1 December 2025');
    expect(formatDay('domani', 'it')).toBe('domani');
    expect(formatLongDate(new Date(2026, 11, 18), 'de')).toBe('18. Dezember 2026');
    expect(formatInstantDay('2026-12-18T12:00:00', 'it')).toBe('18 dicembre 2026');
    expect(formatInstantDay('?', 'it')).toBe('?');
    expect(formatNumericDay('2026-03-04T12:00:00', 'en')).toBe('04/03/2026');
    expect(formatNumericDay('?', 'en')).toBe('?');
  });

  it("writes the back office's short dates, a bare day never on its eve", () => {
    expect(formatShortDate('2026-03-04')).toBe('04/03/2026');
    expect(plain(formatDateTime('2026-03-04T09:05:00'))).toBe('04/03/26, 09:05');
  });
});
