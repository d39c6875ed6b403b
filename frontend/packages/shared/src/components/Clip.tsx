// Long text in a table cell: one line, cut with an ellipsis, whole in the tooltip.
import { Typography } from '@mui/material';

export function Clip({ text, width = 240 }: { text: string | null | undefined; width?: number }) {
  if (!text) return <>--</>;
  return (
    <Typography variant="body2" noWrap title={text} sx={{ maxWidth: width }}>
      {text}
    </Typography>
  );
}
