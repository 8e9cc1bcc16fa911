import { useEffect, useState } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import { api, CALL_STATUSES, useLatest } from '../api';
import type { Schemas } from '../api-types';
import { ErrorNote, Loading } from '../parts';

type Overview = Schemas['Overview'];
type Day = Overview['perDay'][number];
type Status = (typeof CALL_STATUSES)[number];

const WINDOWS = [7, 14, 30, 90];
/** One colour per status, as CSS variables (light and dark schemes in styles.css). */
const STATUS_COLOUR: Record<Status, string> = {
  ringing: 'var(--chart-ringing)',
  'in-progress': 'var(--chart-in-progress)',
  completed: 'var(--chart-completed)',
  failed: 'var(--chart-failed)',
  'no-answer': 'var(--chart-no-answer)',
};

const orDash = (value: number | null, unit: string) => (value === null ? '–' : `${value} ${unit}`);
const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

/** How the workspace's calls went over the last days, computed by the service (GET /voice/overview). */
export function OverviewPage() {
  const [days, setDays] = useState(14);
  const [overview, setOverview] = useState<Overview | null>(null);
  const [error, setError] = useState('');
  const latest = useLatest();
  useEffect(() => {
    latest(api<Overview>('GET', `/voice/overview?days=${days}`), setOverview, (e) => setError(e.message));
  }, [days, latest]);

  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      <div className="toolbar">
        <label>
          Period{' '}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
            {WINDOWS.map((d) => (
              <option key={d} value={d}>
                Last {d} days
              </option>
            ))}
          </select>
        </label>
      </div>
      <ErrorNote error={error} />
      {overview ? <Figures overview={overview} /> : <Loading />}
    </section>
  );
}

function Figures({ overview: o }: { overview: Overview }) {
  const tiles: [string, string][] = [
    ['Calls', String(o.calls.total)],
    ['Answer rate', percent(o.calls.answerRate)],
    ['Average duration', orDash(o.durationSec.average, 's')],
    ['p95 duration', orDash(o.durationSec.p95, 's')],
    ['Voice-to-voice p50', orDash(o.voiceToVoiceMs.p50, 'ms')],
    ['Voice-to-voice p95', orDash(o.voiceToVoiceMs.p95, 'ms')],
    ['Failed deliveries', String(o.deliveries.failed)],
    ['Live calls now', `${o.live.calls} of ${o.live.limit}`],
  ];
  return (
    <>
      <dl className="tiles">
        {tiles.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>Calls per day</h2>
      <Legend />
      <PerDayChart days={o.perDay} />
      <h2>By status</h2>
      <table>
        <caption className="visually-hidden">Calls by status in the period</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Calls</th>
          </tr>
        </thead>
        <tbody>
          {CALL_STATUSES.map((s) => (
            <tr key={s}>
              <th scope="row">
                <span className="swatch" style={{ background: STATUS_COLOUR[s] }} /> {s}
              </th>
              <td>{o.calls.byStatus[s]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        {o.voiceToVoiceMs.turns} measured answers · days in UTC, {o.from.slice(0, 10)} to {o.perDay.at(-1)?.date}
      </p>
    </>
  );
}

function Legend() {
  return (
    <ul className="legend" aria-hidden="true">
      {CALL_STATUSES.map((s) => (
        <li key={s}>
          <span className="swatch" style={{ background: STATUS_COLOUR[s] }} /> {s}
        </li>
      ))}
    </ul>
  );
}

const WIDTH = 720;
const HEIGHT = 220;
const MARGIN = { top: 8, right: 8, bottom: 28, left: 36 };

/** Stacked bars, one per day; the same figures as a table for screen readers. */
function PerDayChart({ days }: { days: Day[] }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: days.map((d) => d.date), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({
    domain: [0, Math.max(1, ...days.map((d) => d.total))],
    range: [innerHeight, 0],
    nice: true,
  });
  const rows = days.map((d) => ({ date: d.date, ...d.byStatus }));
  const every = Math.ceil(days.length / 7);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Calls per day by status (table below)">
        <Group left={MARGIN.left} top={MARGIN.top}>
          <BarStack
            data={rows}
            keys={[...CALL_STATUSES]}
            x={(d) => d.date}
            xScale={x}
            yScale={y}
            color={(key) => STATUS_COLOUR[key as Status]}
          />
          <AxisLeft
            scale={y}
            numTicks={4}
            stroke="var(--line)"
            tickStroke="var(--line)"
            tickLabelProps={{ fill: 'var(--text)', fontSize: 11 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            stroke="var(--line)"
            tickStroke="var(--line)"
            tickValues={days.filter((_, n) => n % every === 0).map((d) => d.date)}
            tickFormat={(date) => date.slice(5)}
            tickLabelProps={{ fill: 'var(--text)', fontSize: 11 }}
          />
        </Group>
      </svg>
      <figcaption className="visually-hidden">
        <table>
          <caption>Calls per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Calls</th>
              {CALL_STATUSES.map((s) => (
                <th scope="col" key={s}>
                  {s}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.date}</th>
                <td>{d.total}</td>
                {CALL_STATUSES.map((s) => (
                  <td key={s}>{d.byStatus[s]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
