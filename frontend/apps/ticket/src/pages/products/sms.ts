// The confirmation SMS as ticket-app sends it (domain/product.rs `sms_parts`): one message of at
// most 60 characters, or two when longer, split after the last blank or punctuation in the
// second half of the first 60 characters (else at 60); more than two messages' worth is refused.
// Characters, not bytes: a Chinese character counts one.

export const SMS_PART_MAX = 60;

const BREAKS = new Set([...'，。；！？,.;!?、']);
const isBreak = (c: string) => /\s/.test(c) || BREAKS.has(c);

/** The messages `text` is sent as, or null when it needs more than two. */
export function smsParts(text: string): string[] | null {
  const chars = [...text.trim()];
  if (chars.length <= SMS_PART_MAX) return [chars.join('')];
  let cut = SMS_PART_MAX;
  for (let i = SMS_PART_MAX - 1; i >= 0; i -= 1) {
    if (isBreak(chars[i])) {
      if (i + 1 > SMS_PART_MAX / 2) cut = i + 1;
      break;
    }
  }
  const first = chars.slice(0, cut).join('').trimEnd();
  const second = chars.slice(cut).join('').trimStart();
  return [...second].length > SMS_PART_MAX ? null : [first, second];
}
