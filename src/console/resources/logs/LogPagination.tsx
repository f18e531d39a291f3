/**
 * Paging of the logs list. The API does not count the entries, so the list only knows whether a
 * next page exists: then the range reads "51-100 of more than 100"; on the last page, the total.
 */
import { ListPaginationContext, Pagination, useListPaginationContext } from 'react-admin';

export function LogPagination() {
  const pagination = useListPaginationContext();
  const total = pagination.hasNextPage ? undefined : pagination.total;
  return (
    <ListPaginationContext.Provider value={{ ...pagination, total }}>
      <Pagination rowsPerPageOptions={[25, 50, 100, 200]} />
    </ListPaginationContext.Provider>
  );
}
