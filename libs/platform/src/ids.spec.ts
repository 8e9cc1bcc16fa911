import { attemptIdFor, deliveryIdFor, idAtTime, newId, timeOfId } from './ids';

describe('ids', () => {
  it('newId and idAtTime carry their time and sort by it', () => {
    const at = Date.UTC(2026, 10, 1);
    expect(timeOfId(idAtTime('event', at))).toBe(at);
    const id = newId('event');
    expect(Math.abs(timeOfId(id) - Date.now())).toBeLessThan(1000);
    expect(idAtTime('event', at) < idAtTime('event', at + 1)).toBe(true);
  });

  it('a delivery id is the same for the same (event, webhook), with the event time and the shape of any id', () => {
    const event = newId('event');
    const a = deliveryIdFor(event, 'wh_1');
    expect(a).toBe(deliveryIdFor(event, 'wh_1'));
    expect(a).not.toBe(deliveryIdFor(event, 'wh_2'));
    expect(a).toMatch(/^dlv_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(a.length).toBe(newId('delivery').length);
    expect(timeOfId(a)).toBe(timeOfId(event));
  });

  it('an attempt id is new each time, with its delivery time', () => {
    const delivery = deliveryIdFor(idAtTime('event', Date.UTC(2025, 0, 31, 23, 59)), 'wh_1');
    const [a, b] = [attemptIdFor(delivery), attemptIdFor(delivery)];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^att_[0-9a-hjkmnp-tv-z]{26}$/);
    expect(timeOfId(a)).toBe(Date.UTC(2025, 0, 31, 23, 59));
  });
});
