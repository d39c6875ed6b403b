// A question asked with an optional remark (at most 500 characters) before a change that takes
// one: a request approved or rejected with the remark its supplier sees, a supplier's state
// changed with the remark kept on the relationship, an order's remark. The remark is sent trimmed.
import { FormDialog, FormText, rules, useForm } from './form';

export interface RemarkQuestionProps {
  /** Message id of the question. */
  title: string;
  /** Message id of the remark's label. */
  label: string;
  /** Message id of the submit button ("Save" when absent). */
  submitLabel?: string;
  testId: string;
  /** The remark the field starts with. */
  initial?: string;
  send: (remark: string) => Promise<unknown>;
  onClose: () => void;
  /** After the change was made. */
  onDone: () => void;
}

export function RemarkQuestion({ title, label, submitLabel, testId, initial = '', send, onClose, onDone }: RemarkQuestionProps) {
  const form = useForm({ remark: initial });
  const save = async () => {
    const ok = await form.submit({ remark: rules.length('remark', 0, 500) }, (v) => send(v.remark.trim()));
    if (ok) onDone();
  };
  return (
    <FormDialog open title={title} busy={form.busy} onClose={onClose} onSubmit={save} testId={testId} submitLabel={submitLabel}>
      <FormText form={form} name="remark" label={label} multiline wide />
    </FormDialog>
  );
}
