import { describe, expect, it } from 'vitest';
import { boundInfo, firstConfigId, notFollowed, POLL_MS, QR_REUSE_MS, qrFresh, qrImageSrc, refusal, TICKET_IMAGE_URL } from './weixinRules';

describe('weixin binding rules', () => {
  it('use the first configuration id, number or string, and none for an empty or odd answer', () => {
    expect(firstConfigId([7, 9])).toBe('7');
    expect(firstConfigId(['cfg-1'])).toBe('cfg-1');
    expect(firstConfigId([])).toBeNull();
    expect(firstConfigId([''])).toBeNull();
    expect(firstConfigId(null)).toBeNull();
    expect(firstConfigId({ configId: 1 })).toBeNull();
  });
  it('accept an image URL, a data: URL, or url / qrCodeUrl / ticket as the QR code', () => {
    expect(qrImageSrc('https://qr.example/a.png')).toBe('https://qr.example/a.png');
    expect(qrImageSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(qrImageSrc('/api/weixin-server/qr.png')).toBe('/api/weixin-server/qr.png');
    expect(qrImageSrc({ url: 'http://qr.example/b.png' })).toBe('http://qr.example/b.png');
    expect(qrImageSrc({ qrCodeUrl: 'https://qr.example/c.png' })).toBe('https://qr.example/c.png');
    expect(qrImageSrc({ ticket: 'gQ+/=' })).toBe(`${TICKET_IMAGE_URL}gQ%2B%2F%3D`);
    expect(qrImageSrc('not a url')).toBeNull();
    expect(qrImageSrc('javascript:alert(1)')).toBeNull();
    expect(qrImageSrc({ url: '' })).toBeNull();
    expect(qrImageSrc(null)).toBeNull();
    expect(qrImageSrc(42)).toBeNull();
  });
  it('reuse a QR code for 30 minutes and poll every 10 s', () => {
    expect(QR_REUSE_MS).toBe(1_800_000);
    expect(POLL_MS).toBe(10_000);
    expect(qrFresh(0, QR_REUSE_MS - 1)).toBe(true);
    expect(qrFresh(0, QR_REUSE_MS)).toBe(false);
  });
  it('count a nickname as bound', () => {
    expect(boundInfo({ nickname: 'Ann', openId: 'o1' })).toEqual({ nickname: 'Ann', openId: 'o1' });
    expect(boundInfo({ nickname: '', openId: 'o1' })).toBeNull();
    expect(boundInfo({ openId: 'o1' })).toBeNull();
    expect(boundInfo(null)).toBeNull();
  });
  it('recognise a not-followed failure', () => {
    expect(notFollowed({ code: 'not-followed', message: '' })).toBe(true);
    expect(notFollowed({ message: '用户未关注公众号' })).toBe(true);
    expect(notFollowed({ message: 'user has not subscribed' })).toBe(true);
    expect(notFollowed({ code: 'server-error', message: 'boom' })).toBe(false);
  });
  it('read a removeBind answer whose state is not success as a refusal', () => {
    expect(refusal({ state: 'success', msg: 'ok' })).toBeNull();
    expect(refusal({ state: 'fail', msg: 'locked' })).toBe('locked');
    expect(refusal({ state: 'fail' })).toBe('');
    expect(refusal(null)).toBeNull();
    expect(refusal('done')).toBeNull();
  });
});
