// The ticket application's strings (en). Every id is in zh-CN.ts too (messages.test.ts).
const messages: Record<string, string> = {
  'ticket.menu.scenics': 'Scenic spots',
  'ticket.menu.scenicList': 'Scenic spot list',

  'ticket.scenics.title': 'Scenic spots',
  'ticket.scenics.add': 'Add a scenic spot',
  'ticket.scenics.edit': 'Change',
  'ticket.scenics.actions': 'Actions',
  'ticket.scenics.fields.scenicId': 'Spot ID',
  'ticket.scenics.fields.scenicName': 'Name',
  'ticket.scenics.fields.star': 'Rating',
  'ticket.scenics.fields.address': 'Address',
  'ticket.scenics.fields.phone': 'Phone',
  'ticket.scenics.fields.state': 'State',
  'ticket.scenics.fields.createDate': 'Created',
  'ticket.scenics.fields.modifyDate': 'Changed',

  'ticket.scenicForm.add': 'Add a scenic spot',
  'ticket.scenicForm.edit': 'Change the scenic spot',
  'ticket.scenicForm.fields.scenicName': 'Scenic spot name',
  'ticket.scenicForm.fields.scenicNameEn': 'English name',
  'ticket.scenicForm.fields.star': 'Rating',
  'ticket.scenicForm.fields.state': 'State',
  'ticket.scenicForm.fields.phone': 'Phone',
  'ticket.scenicForm.fields.address': 'Address',
  'ticket.scenicForm.fields.description': 'Description',

  'ticket.enum.scenicStar.0': 'Unrated',
  'ticket.enum.scenicStar.1': 'A',
  'ticket.enum.scenicStar.2': 'AA',
  'ticket.enum.scenicStar.3': 'AAA',
  'ticket.enum.scenicStar.4': 'AAAA',
  'ticket.enum.scenicStar.5': 'AAAAA',
  'ticket.enum.scenicState.0': 'Pending',
  'ticket.enum.scenicState.1': 'Normal',
  'ticket.enum.scenicState.2': 'Stopped',
};

export default messages;
