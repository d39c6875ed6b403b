// The tenant's price levels (saas-main GET /saas/pricePolicy/priceGrade/list): naming a level,
// renaming one, and deleting one after a question naming the distributors and rules it clears
// (asked of GET deletePreview first).
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  AddButton,
  api,
  DataTable,
  dateTime,
  ListPage,
  PERM,
  RowAction,
  RowActions,
  useConfirm,
  useHolds,
  type Column,
  type Page,
} from '@tradewind/shared';
import { GradeDialog } from './GradeDialog';
import { PP, type GradeDeletion, type GradeRow } from './types';

const F = 'base.grades.fields';

export default function GradeList() {
  const intl = useIntl();
  const confirm = useConfirm();
  const [generation, setGeneration] = useState(0);
  const refresh = () => setGeneration((g) => g + 1);
  const [editing, setEditing] = useState<GradeRow | 'new' | null>(null);
  const [rows, setRows] = useState<GradeRow[]>([]);
  const may = {
    save: useHolds(PERM.priceGrade.save),
    update: useHolds(PERM.priceGrade.update),
    remove: useHolds(PERM.priceGrade.delete),
    preview: useHolds(PERM.priceGrade.deletePreview),
  };
  const load = useCallback(
    (): Promise<Page<GradeRow>> =>
      api.get<GradeRow[]>('saas-main', `${PP}/priceGrade/list`).then((list) => {
        setRows(list);
        return { results: list, sizeAll: list.length, page: 1, resultNum: list.length, pageCount: 1, startIndex: 0, size: list.length };
      }),
    [],
  );
  const name = (r: GradeRow) => r.gradeName || intl.formatMessage({ id: 'base.grades.defaultName' });
  const askDelete = (r: GradeRow) =>
    void api.get<GradeDeletion>('saas-main', `${PP}/priceGrade/deletePreview`, { query: { grade: r.grade } }).then((d) => {
      const none = intl.formatMessage({ id: 'base.grades.none' });
      const list = (xs: { name: string }[]) => (xs.length ? xs.map((x) => x.name).join(', ') : none);
      confirm.ask(
        intl.formatMessage(
          { id: 'base.grades.confirm.delete' },
          { grade: r.grade, name: name(r), distributors: list(d.distributors), rules: list(d.rules) },
        ),
        () => api.put('saas-main', `${PP}/priceGrade/delete`, { grade: r.grade }).then(refresh),
      );
    });
  const columns: Column<GradeRow>[] = [
    { key: 'grade', title: `${F}.grade`, width: 80 },
    { key: 'gradeName', title: `${F}.gradeName`, render: name },
    { key: 'remark', title: `${F}.remark` },
    { key: 'distributorCount', title: `${F}.distributorCount`, width: 120 },
    { key: 'ruleCount', title: `${F}.ruleCount`, width: 120 },
    { key: 'modifyDate', title: `${F}.modifyDate`, render: (r) => dateTime(r.modifyDate ?? null) },
  ];
  if (may.update || may.remove) {
    columns.push({
      key: 'actions',
      title: 'form.actions',
      render: (r) => (
        <RowActions>
          {may.update && <RowAction label="form.edit" onClick={() => setEditing(r)} testId={`grade-edit-${r.grade}`} />}
          {may.remove && may.preview && r.grade !== 0 && <RowAction label="base.pp.delete" color="error" onClick={() => askDelete(r)} testId={`grade-delete-${r.grade}`} />}
        </RowActions>
      ),
    });
  }
  const taken = rows.map((r) => r.grade);
  return (
    <ListPage
      title="base.grades.title"
      onInquire={refresh}
      onReset={refresh}
      actions={may.save && taken.length < 10 && <AddButton onClick={() => setEditing('new')} testId="grade-add" />}
    >
      <DataTable columns={columns} load={load} reloadKey={generation} rowKey={(r) => r.grade} testId="base-grades-table" />
      {editing && (
        <GradeDialog
          row={editing === 'new' ? null : editing}
          taken={taken}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {confirm.element}
    </ListPage>
  );
}
