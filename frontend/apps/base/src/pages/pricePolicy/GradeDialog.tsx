// Naming a new level (POST /saas/pricePolicy/priceGrade/save) or renaming one (PUT update).
import { api, FormDialog, FormSelect, FormText, rules, useForm, type Option } from '@tradewind/shared';
import { LEVELS, PP, type GradeRow } from './types';

const F = 'base.grades.fields';

export function GradeDialog({ row, taken, onClose, onSaved }: { row: GradeRow | null; taken: number[]; onClose: () => void; onSaved: () => void }) {
  const free: Option[] = LEVELS.filter((g) => g !== 0 && !taken.includes(g)).map((g) => ({ value: String(g), text: String(g) }));
  const form = useForm({ grade: row ? String(row.grade) : (free[0]?.value ?? ''), gradeName: row?.gradeName ?? '', remark: row?.remark ?? '' });
  const submit = () =>
    void form
      .submit(
        {
          grade: rules.chosen('grade', `${F}.grade`),
          gradeName: rules.all(rules.required('gradeName', `${F}.gradeName`), rules.length('gradeName', 1, 30)),
          remark: rules.length('remark', 0, 200),
        },
        (v) => {
          const body = { grade: Number(v.grade), gradeName: v.gradeName.trim(), remark: v.remark.trim() };
          return row ? api.put('saas-main', `${PP}/priceGrade/update`, body) : api.post('saas-main', `${PP}/priceGrade/save`, body);
        },
      )
      .then((ok) => ok && onSaved());
  return (
    <FormDialog open title={row ? 'base.grades.editTitle' : 'base.grades.addTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="grade-dialog">
      {row ? (
        <FormText form={form} name="grade" label={`${F}.grade`} disabled />
      ) : (
        <FormSelect form={form} name="grade" label={`${F}.grade`} options={free} required />
      )}
      <FormText form={form} name="gradeName" label={`${F}.gradeName`} required />
      <FormText form={form} name="remark" label={`${F}.remark`} multiline wide />
    </FormDialog>
  );
}
