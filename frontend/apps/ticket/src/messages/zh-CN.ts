// 门票应用的文字（zh-CN）。每个 id 也在 en.ts 中（messages.test.ts）。
const messages: Record<string, string> = {
  'ticket.menu.scenics': '景区管理',
  'ticket.menu.scenicList': '景区列表',

  'ticket.scenics.title': '景区',
  'ticket.scenics.add': '新增景区',
  'ticket.scenics.edit': '修改',
  'ticket.scenics.actions': '操作',
  'ticket.scenics.fields.scenicId': '景区编号',
  'ticket.scenics.fields.scenicName': '景区名称',
  'ticket.scenics.fields.star': '景区等级',
  'ticket.scenics.fields.address': '地址',
  'ticket.scenics.fields.phone': '电话',
  'ticket.scenics.fields.state': '状态',
  'ticket.scenics.fields.createDate': '创建时间',
  'ticket.scenics.fields.modifyDate': '修改时间',

  'ticket.scenicForm.add': '新增景区',
  'ticket.scenicForm.edit': '修改景区',
  'ticket.scenicForm.fields.scenicName': '景区名称',
  'ticket.scenicForm.fields.scenicNameEn': '英文名称',
  'ticket.scenicForm.fields.star': '景区等级',
  'ticket.scenicForm.fields.state': '状态',
  'ticket.scenicForm.fields.phone': '电话',
  'ticket.scenicForm.fields.address': '地址',
  'ticket.scenicForm.fields.description': '景区介绍',

  'ticket.enum.scenicStar.0': '未评级',
  'ticket.enum.scenicStar.1': 'A 级',
  'ticket.enum.scenicStar.2': 'AA 级',
  'ticket.enum.scenicStar.3': 'AAA 级',
  'ticket.enum.scenicStar.4': 'AAAA 级',
  'ticket.enum.scenicStar.5': 'AAAAA 级',
  'ticket.enum.scenicState.0': '待审核',
  'ticket.enum.scenicState.1': '正常',
  'ticket.enum.scenicState.2': '停用',
};

export default messages;
