// Strings of the shared components (zh-CN).
const messages: Record<string, string> = {
  'table.empty': '暂无数据',
  'table.rowsPerPage': '每页条数',
  'table.total': '共 {total} 条',
  'table.range': '第 {from}-{to} 条，共 {count} 条',
  'table.loading': '加载中…',
  'search.inquire': '查询',
  'filter.all': '全部',
  'search.reset': '重置',
};
export default messages;
