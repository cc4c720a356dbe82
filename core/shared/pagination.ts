/** The `paginationResult` of every list (API.md "Conventions"). */
export interface Pagination {
  currentPage: number;
  limit: number;
  numberOfPages: number;
  next?: number;
  prev?: number;
}

export interface Page<T> {
  results: number;
  paginationResult: Pagination;
  data: T[];
}

export function offsetOf(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** Builds a page from its rows and the total count of matching rows. */
export function toPage<T>(data: T[], total: number, page: number, limit: number): Page<T> {
  const numberOfPages = Math.ceil(total / limit);
  const paginationResult: Pagination = { currentPage: page, limit, numberOfPages };
  if (page < numberOfPages) paginationResult.next = page + 1;
  if (page > 1) paginationResult.prev = page - 1;
  return { results: data.length, paginationResult, data };
}
