import { MenuItem, Select } from '@mui/material';
import { useLocale } from '../locale';

export function LanguageSwitch() {
  const { locale, setLocale } = useLocale();
  return (
    <Select
      size="small"
      value={locale}
      onChange={(e) => setLocale(e.target.value === 'en' ? 'en' : 'zh-CN')}
      data-testid="language-switch"
      sx={{ minWidth: 110, bgcolor: 'background.paper' }}
    >
      <MenuItem value="zh-CN">简体中文</MenuItem>
      <MenuItem value="en">English</MenuItem>
    </Select>
  );
}
