import { describe, expect, it } from 'vitest';
import { PaginateError, paginate } from '../../../templates/paginate.ts';

const items = Array.from({ length: 25 }, (_, i) => i);

describe('paginate', () => {
  it('gives one entry a page of `size` items, 10 by default', () => {
    expect(paginate(items).map((e) => e.props.page.items.length)).toEqual([10, 10, 5]);
    expect(paginate(items, { size: 1 })).toHaveLength(25);
    expect(paginate(items, { size: 25 }).map((e) => e.params)).toEqual([{ page: '' }]);
    expect(paginate([], { size: 3 }).map((e) => e.props.page.count)).toEqual([1]);
  });

  it('throws a PaginateError with a hint for a size that is not a whole number of 1 or more, instead of no page or one item a page', () => {
    const cases: [unknown, string][] = [
      ['abc', '"abc"'],
      ['10', '"10"'],
      [0, '0'],
      [-1, '-1'],
      [1.5, '1.5'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
    ];
    for (const [size, shown] of cases) {
      const call = () => paginate(items, { size: size as number });
      expect(call, String(size)).toThrow(PaginateError);
      expect(call, String(size)).toThrow(`paginate(): size must be a whole number of 1 or more, received ${shown}`);
    }
    try {
      paginate(items, { size: 0 });
    } catch (error) {
      expect((error as PaginateError).hint).toBe('Give paginate() the number of items a page, like paginate(items, { size: 10 }), or leave size out for 10.');
    }
  });
});
