// The area picker: a country, then a province of it, then a city of that province, from
// saas-main's lists of areas in use; its value is the deepest code; a current value the lists
// leave out still shows, as its code; nothing is asked before it is needed; a form's 412 on the
// field shows under it.
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AreaPicker, areaLevels, FormArea } from './components/AreaPicker';
import { api } from './api';
import { FormDialog, useForm } from './components/form';
import { session } from './session';
import { answerAreas, AREA_CODES, chooseArea, gets, query, renderPage, serve, serveRefusing, setUpPageTests, type Call } from './testing';

setUpPageTests();

const holding = (...codes: string[]) => session.setPermissions(codes.map((permCode) => ({ permCode, appId: 1 })));
const isCountries = (c: Call) => c.url.pathname === '/api/saas-main/saas/area/country/list';
const isAreas = (c: Call) => c.url.pathname === '/api/saas-main/saas/area/areaInfo/list';
const answer = answerAreas;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

function Host({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AreaPicker label="label.area" value={value} onChange={setValue} testId="area" />
      <div data-testid="value">{value}</div>
    </>
  );
}

describe('the area picker', () => {
  it('reads the levels from a code', () => {
    expect(areaLevels('')).toEqual({ country: '', province: '', city: '' });
    expect(areaLevels('CN')).toEqual({ country: 'CN', province: '', city: '' });
    expect(areaLevels('CN-ZJ')).toEqual({ country: 'CN', province: 'CN-ZJ', city: '' });
    expect(areaLevels('CN-ZJ-HZ')).toEqual({ country: 'CN', province: 'CN-ZJ', city: 'CN-ZJ-HZ' });
  });

  it('chooses a country, then a province of it, then a city, its value the deepest code', async () => {
    holding(...AREA_CODES);
    const calls = serve(answer);
    const { problems } = renderPage(() => <Host />, { 'label.area': 'Area' });
    // Nothing is asked before the countries are opened; province and city wait for their parent.
    expect(calls).toHaveLength(0);
    expect(input('area-province').disabled).toBe(true);
    expect(input('area-city').disabled).toBe(true);

    await chooseArea('area', 'China (CN)');
    expect(screen.getByTestId('value').textContent).toBe('CN');
    expect(input('area').value).toBe('China (CN)');
    await chooseArea('area-province', 'Zhejiang (CN-ZJ)');
    expect(screen.getByTestId('value').textContent).toBe('CN-ZJ');
    await chooseArea('area-city', 'Hangzhou (CN-ZJ-HZ)');
    expect(screen.getByTestId('value').textContent).toBe('CN-ZJ-HZ');
    expect(input('area-city').value).toBe('Hangzhou (CN-ZJ-HZ)');

    // Only areas in use are asked for, the ones right under the chosen parent.
    expect(gets(calls).filter(isCountries)).toHaveLength(1);
    expect(gets(calls).filter(isAreas).map(query)).toEqual([
      { parentCode: 'CN', level: '2', state: '1', page: '1', resultNum: '500' },
      { parentCode: 'CN-ZJ', level: '3', state: '1', page: '1', resultNum: '500' },
    ]);

    // Another province drops the city; another country drops both.
    await chooseArea('area-province', 'Hainan (CN-HI)');
    expect(screen.getByTestId('value').textContent).toBe('CN-HI');
    expect(input('area-city').value).toBe('');
    await chooseArea('area', 'Japan (JP)');
    expect(screen.getByTestId('value').textContent).toBe('JP');
    expect(input('area-province').value).toBe('');
    expect(input('area-city').disabled).toBe(true);
    expect(problems).toEqual([]);
  });

  it('finds a country by either name or its code', async () => {
    holding(...AREA_CODES);
    serve(answer);
    renderPage(() => <Host />, { 'label.area': 'Area' });
    input('area').focus();
    fireEvent.mouseDown(input('area'));
    await screen.findByRole('option', { name: 'Japan (JP)' });
    const offered = () => screen.getAllByRole('option').map((o) => o.textContent);
    fireEvent.change(input('area'), { target: { value: '中国' } });
    await waitFor(() => expect(offered()).toEqual(['China (CN)']));
    fireEvent.change(input('area'), { target: { value: 'jp' } });
    await waitFor(() => expect(offered()).toEqual(['Japan (JP)']));
  });

  it('shows names in Chinese in zh-CN', async () => {
    holding(...AREA_CODES);
    serve(answer);
    renderPage(() => <Host initial="CN-ZJ-HZ" />, { 'label.area': '区域' }, '/', 'zh-CN');
    await waitFor(() => expect(input('area-city').value).toBe('杭州市 (CN-ZJ-HZ)'));
    expect(input('area').value).toBe('中国 (CN)');
    expect(input('area-province').value).toBe('浙江省 (CN-ZJ)');
  });

  it('shows a current city the lists leave out (disabled since) as its code, and offers only those in use', async () => {
    holding(...AREA_CODES);
    serve(answer);
    renderPage(() => <Host initial="CN-ZJ-XH" />, { 'label.area': 'Area' });
    await waitFor(() => expect(input('area-province').value).toBe('Zhejiang (CN-ZJ)'));
    expect(input('area').value).toBe('China (CN)');
    expect(input('area-city').value).toBe('CN-ZJ-XH');
    fireEvent.mouseDown(input('area-city'));
    await screen.findByRole('option', { name: 'Hangzhou (CN-ZJ-HZ)' });
    await chooseArea('area-city', 'Ningbo (CN-ZJ-NB)');
    expect(screen.getByTestId('value').textContent).toBe('CN-ZJ-NB');
  });

  it('asks nothing without the codes of the lists, still showing the current code', async () => {
    holding();
    const calls = serve(answer);
    renderPage(() => <Host initial="CN-ZJ" />, { 'label.area': 'Area' });
    expect(input('area').value).toBe('CN');
    expect(input('area-province').value).toBe('CN-ZJ');
    fireEvent.mouseDown(input('area'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
  });

  it("is a form field: the chosen code is sent, a 412 naming it shows under it", async () => {
    holding(...AREA_CODES);
    let sent: unknown = null;
    serveRefusing(
      (c) => (c.method === 'GET' ? answer(c) : {}),
      (c) => (c.method === 'POST' ? { field: 'areaId', reason: 'area CN-ZJ does not exist or is disabled' } : null),
    );
    function Sample() {
      const form = useForm({ areaId: '' });
      return (
        <FormDialog open title="label.title" onClose={() => undefined} onSubmit={() => void form.submit({}, (v) => ((sent = v), api.post('hotel-app', '/save', v)))}>
          <FormArea form={form} name="areaId" label="label.area" />
        </FormDialog>
      );
    }
    const { problems } = renderPage(Sample, { 'label.area': 'Area', 'label.title': 'Sample' });
    await chooseArea('field-areaId', 'China (CN)');
    await chooseArea('field-areaId-province', 'Zhejiang (CN-ZJ)');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(sent).toEqual({ areaId: 'CN-ZJ' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('area CN-ZJ does not exist or is disabled')).toBeTruthy();
    expect(screen.getByTestId('field-areaId-error').textContent).toBe('area CN-ZJ does not exist or is disabled');
    expect(input('field-areaId').getAttribute('aria-invalid')).toBe('true');
    // Choosing again takes the reason away.
    await chooseArea('field-areaId-city', 'Hangzhou (CN-ZJ-HZ)');
    expect(within(dialog).queryByText('area CN-ZJ does not exist or is disabled')).toBeNull();
    expect(input('field-areaId').getAttribute('aria-invalid')).toBe('false');
    expect(problems).toEqual([]);
  });
});
