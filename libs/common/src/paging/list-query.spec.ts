import { AppException } from '../errors';
import { contentRange, parseListQuery } from './list-query';

describe('parseListQuery (ra-data-simple-rest)', () => {
  const sortable = ['id', 'createdAt'];
  const byId = { field: 'id', order: 'DESC' as const };

  it('reads range, sort and filter', () => {
    expect(
      parseListQuery({ range: '[10,19]', sort: '["createdAt","asc"]', filter: '{"q":"x"}' }, sortable, byId),
    ).toEqual({
      offset: 10,
      limit: 10,
      sort: { field: 'createdAt', order: 'ASC' },
      filter: { q: 'x' },
    });
    expect(parseListQuery({}, sortable, byId)).toEqual({ offset: 0, limit: 25, sort: byId, filter: {} });
  });

  it('refuses unknown sort fields, broken JSON and reversed ranges', () => {
    expect(() => parseListQuery({ sort: '["password","ASC"]' }, sortable, byId)).toThrow(AppException);
    expect(() => parseListQuery({ filter: '{nope' }, sortable, byId)).toThrow(AppException);
    expect(() => parseListQuery({ range: '[5,1]' }, sortable, byId)).toThrow(AppException);
  });

  it('caps the page size', () => {
    expect(parseListQuery({ range: '[0,99999]' }, sortable, byId, 100).limit).toBe(100);
  });

  it('formats Content-Range', () => {
    expect(contentRange('outbox', 0, 10, 42)).toBe('outbox 0-9/42');
    expect(contentRange('outbox', 0, 0, 0)).toBe('outbox 0-0/0');
  });
});
