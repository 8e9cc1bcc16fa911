import { AppConfig } from '@app/platform';
import { SimulatedTelephony } from './simulated-telephony';
import { SIMULATOR_NUMBERS } from './simulator-numbers';

const sim = new SimulatedTelephony(Object.assign(new AppConfig(), { SIM_RING_MS: 1000, SIM_RING_TIMEOUT_MS: 9000 }));

describe('the simulated carrier', () => {
  it('plans an outbound call by its callee and an inbound call by its caller', () => {
    const out = (to: string) => sim.planOf({ direction: 'outbound', to, from: '+14155550100' });
    const inbound = (from: string) => sim.planOf({ direction: 'inbound', to: '+14155550100', from });
    expect(out(SIMULATOR_NUMBERS.busy)).toEqual({ answer: 'busy', afterMs: 1000, dropsMidCall: false });
    expect(out(SIMULATOR_NUMBERS.noAnswer)).toEqual({ answer: 'no-answer', afterMs: 9000, dropsMidCall: false });
    expect(inbound(SIMULATOR_NUMBERS.hangsUpWhileRinging)).toEqual({
      answer: 'hangs-up',
      afterMs: 500,
      dropsMidCall: false,
    });
    expect(inbound(SIMULATOR_NUMBERS.dropsMidCall)).toEqual({ answer: 'answers', afterMs: 1000, dropsMidCall: true });
    // A busy number calling in is an ordinary caller: the outbound table is about callees.
    expect(inbound(SIMULATOR_NUMBERS.busy)).toEqual({ answer: 'answers', afterMs: 1000, dropsMidCall: false });
  });

  it('offers the 555-01XX lines of an area code, in order', () => {
    const offer = sim.availableNumbers({ country: 'us', areaCode: '212' });
    expect('numbers' in offer && offer.numbers.slice(0, 2)).toEqual(['+12125550100', '+12125550101']);
    expect('numbers' in offer && offer.numbers).toHaveLength(100);
    const canada = sim.availableNumbers({ country: 'CA' });
    expect('numbers' in canada && canada.numbers[0]).toBe('+16135550100');
  });

  it('says why it cannot serve a country or an area code', () => {
    expect(sim.availableNumbers({ country: 'DE' })).toEqual({ problem: expect.stringMatching(/US and CA/) });
    expect(sim.availableNumbers({ country: 'US', areaCode: '613' })).toEqual({
      problem: 'areaCode 613 is not an area code of US.',
    });
    expect(sim.availableNumbers({ areaCode: '0000' })).toEqual({ problem: expect.stringMatching(/0000/) });
  });
});
