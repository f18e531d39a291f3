import { describe, expect, it } from 'vitest';
import {
  flagAccepts,
  flagMatcher,
  flagsProblem,
  foldCase,
  judgeFlag,
  patternProblem,
} from '#server/domain/flagMatch.js';

describe('flag matching', () => {
  it('folds case by NFC and full Unicode case mapping, without a locale', () => {
    expect(foldCase('Straße')).toBe(foldCase('STRASSE'));
    expect(foldCase('ΟΔΟΣ')).toBe(foldCase('οδος'));
    expect(foldCase('οδος')).toBe(foldCase('οδοσ'));
    expect(foldCase('Cafe\u0301')).toBe(foldCase('CAFÉ'));
    expect(foldCase('İ')).not.toBe(foldCase('I'));
    expect(foldCase('ｆｌａｇ')).not.toBe(foldCase('flag'));
  });

  it('matches a pattern against the whole answer only', () => {
    const regex = { flag: 'flag\\{[a-z]+\\}', matchMode: 'Regex' as const };
    expect(flagAccepts(regex, 'flag{abc}')).toBe(true);
    expect(flagAccepts(regex, 'flag{abc}!')).toBe(false);
    expect(flagAccepts(regex, '!flag{abc}')).toBe(false);
    expect(flagAccepts({ flag: 'a|b', matchMode: 'Regex' }, 'ab')).toBe(false);
    expect(flagAccepts({ flag: '.+', matchMode: 'Regex' }, 'a\nb')).toBe(false);
    expect(flagAccepts({ flag: '(?s).+', matchMode: 'Regex' }, 'a\nb')).toBe(true);
  });

  it('judges a batch matcher of mixed modes, and a broken pattern accepts nothing', () => {
    const matcher = flagMatcher([
      { flag: 'flag{Exact}', matchMode: 'Exact' },
      { flag: 'FLAG{ANY}', matchMode: 'CaseInsensitive' },
      { flag: 'n[0-9]+', matchMode: 'Regex' },
      { flag: '(broken', matchMode: 'Regex' },
    ]);
    expect(matcher.accepts('flag{Exact}')).toBe(true);
    expect(matcher.accepts('flag{exact}')).toBe(false);
    expect(matcher.accepts('flag{any}')).toBe(true);
    expect(matcher.accepts('n42')).toBe(true);
    expect(matcher.accepts('(broken')).toBe(false);
    expect(judgeFlag({ flag: '(broken', matchMode: 'Regex' }, '(broken')).toEqual({
      matches: false,
      problem: 'error parsing regexp: missing closing ): `(broken`',
    });
    // an Exact flag that looks like a broken pattern is just text
    expect(judgeFlag({ flag: '(broken', matchMode: 'Exact' }, '(broken')).toEqual({
      matches: true,
      problem: null,
    });
  });

  it('finishes patterns that stall a backtracking engine on 100,000 characters', () => {
    const long = 'a'.repeat(100_000);
    for (const pattern of ['(a+)+$', '(a|aa)+$', '(.*a){20}', '(a*)*b', '(a|a?)+$']) {
      expect(patternProblem(pattern)).toBeNull();
      expect(flagAccepts({ flag: pattern, matchMode: 'Regex' }, `${long}!`), pattern).toBe(false);
    }
    expect(flagAccepts({ flag: '(a+)+$', matchMode: 'Regex' }, long)).toBe(true);
  });

  it('names the first flag that cannot be saved', () => {
    expect(
      flagsProblem('StaticAttachment', [{ flag: 'x' }, { flag: 'y', matchMode: 'Regex' }]),
    ).toBeNull();
    expect(
      flagsProblem('StaticContainer', [{ flag: 'x' }, { flag: 'a{2,1}', matchMode: 'Regex' }]),
    ).toBe(
      'Flag 2: the regular expression cannot be used: error parsing regexp: invalid repeat count: `{2,1}`',
    );
    expect(
      flagsProblem('DynamicAttachment', [{ flag: 'x', matchMode: 'CaseInsensitive' }]),
    ).toMatch(/^Flag 1: a dynamic challenge's flags are matched exactly/);
    expect(flagsProblem('DynamicAttachment', [{ flag: 'x', matchMode: 'Exact' }])).toBeNull();
  });
});
