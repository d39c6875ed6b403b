// Strings of the shared components (en).
const messages: Record<string, string> = {
  'table.empty': 'No data',
  'table.rowsPerPage': 'Rows per page',
  'table.total': '{total} in all',
  'table.range': '{from}-{to} of {count}',
  'table.loading': 'Loading…',
  'search.inquire': 'Inquire',
  'filter.all': 'All',
  'search.reset': 'Reset',
};
export default messages;
