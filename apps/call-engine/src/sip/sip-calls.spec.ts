import { SipCalls } from './sip-calls';
import type { InboundLeg } from './inbound-leg';

type Held = { id: string; endRequestedAt: Date | null; assistantId: string | null; transferTo: string | null };

/**
 * The lease renewal against inbound calls admitted while it runs (CI: an INVITE refused 480 with its
 * row left ringing). Only the renewal's own collaborators are real enough to matter here: the rows
 * it answers come from a promise the test resolves.
 */
describe('SipCalls lease renewal', () => {
  function engine() {
    let answer: (rows: Held[]) => void = () => undefined;
    const calls = {
      renewSipLeases: () => new Promise<Held[]>((resolve) => (answer = resolve)),
    };
    const transitions = { move: jest.fn().mockResolvedValue([]) };
    const metrics = { sipCallsLive: { set: () => undefined } };
    const none = {} as never;
    const sipCalls = new SipCalls(
      none,
      calls as never,
      transitions as never,
      none,
      none,
      none,
      none,
      none,
      { SIP_LEASE_MS: 1000 } as never,
      metrics as never,
      none,
      none,
      none,
    );
    const renew = () => sipCalls['renewLeases']();
    return { sipCalls, renew, answer: (rows: Held[]) => answer(rows), move: transitions.move };
  }

  function leg() {
    return { listen: jest.fn(), ring: jest.fn(), reject: jest.fn() } as unknown as InboundLeg & {
      reject: jest.Mock;
    };
  }

  it('does not refuse a call admitted while the renewal ran, which its answer cannot hold', async () => {
    const { sipCalls, renew, answer } = engine();
    const earlier = leg();
    sipCalls.ringInbound('earlier', earlier);
    const renewing = renew();
    const admittedMeanwhile = leg();
    sipCalls.ringInbound('meanwhile', admittedMeanwhile);
    answer([{ id: 'earlier', endRequestedAt: null, assistantId: null, transferTo: null }]);
    await renewing;
    expect(earlier.reject).not.toHaveBeenCalled();
    expect(admittedMeanwhile.reject).not.toHaveBeenCalled();
  });

  it('lets go of a ringing call this engine no longer holds (ended, or taken elsewhere)', async () => {
    const { sipCalls, renew, answer } = engine();
    const gone = leg();
    sipCalls.ringInbound('gone', gone);
    const renewing = renew();
    answer([]);
    await renewing;
    expect(gone.reject).toHaveBeenCalledWith(480, 'Temporarily Unavailable');
    expect(sipCalls.dropInbound('gone')).toBeUndefined();
  });

  describe('a call held here that this engine does not track', () => {
    let now = 1_000_000;
    beforeEach(() => jest.spyOn(Date, 'now').mockImplementation(() => now));
    afterEach(() => jest.restoreAllMocks());

    const lostCall = (engineId: string) =>
      ({ id: 'lost', status: 'ringing', direction: 'inbound', sipEngine: engineId, endRequestedAt: null }) as never;

    it('ends as engine-lost once it is seen untracked again 5 leases later', async () => {
      const { sipCalls, move } = engine();
      await sipCalls.advance(lostCall(sipCalls.engineId));
      now += 4000;
      await sipCalls.advance(lostCall(sipCalls.engineId));
      expect(move).not.toHaveBeenCalled();
      now += 1000;
      await sipCalls.advance(lostCall(sipCalls.engineId));
      expect(move).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'lost' }),
        { kind: 'fail', from: 'ringing', reason: 'engine-lost', stage: 'ringing' },
        new Date(now),
        undefined,
      );
    });

    it('starts over when a renewal finds it tracked in between (admitted, then ringing)', async () => {
      const { sipCalls, renew, answer, move } = engine();
      await sipCalls.advance(lostCall(sipCalls.engineId));
      sipCalls.ringInbound('lost', leg());
      const renewing = renew();
      answer([{ id: 'lost', endRequestedAt: null, assistantId: null, transferTo: null }]);
      await renewing;
      sipCalls.dropInbound('lost');
      now += 6000;
      await sipCalls.advance(lostCall(sipCalls.engineId));
      expect(move).not.toHaveBeenCalled();
    });
  });
});
