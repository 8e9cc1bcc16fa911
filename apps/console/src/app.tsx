import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { api, ApiError, roleAtLeast, setCsrfToken, type Me } from './api';
import { Loading } from './parts';
import { SignIn } from './pages/sign-in';
import { Calls } from './pages/calls';
import { CallDetail } from './pages/call-detail';
import { Assistants } from './pages/assistants';
import { ApiKeys } from './pages/api-keys';
import { AcceptInvite } from './pages/accept-invite';
import { Webhooks } from './pages/webhooks';
import { Members } from './pages/members';
import { Audit } from './pages/audit';
import { Numbers } from './pages/numbers';
import { Trunks } from './pages/trunks';
import { Campaigns } from './pages/campaigns';
import { CampaignDetail } from './pages/campaign-detail';
import { BacklogPage } from './pages/backlog';
import { DoNotCall } from './pages/dnc';
import { Account } from './pages/account';

// Its chart library loads with the page, not with the console's first script.
const OverviewPage = lazy(() => import('./pages/overview').then((m) => ({ default: m.OverviewPage })));

/** Routes live in the hash (#/calls, #/calls/call_…), so the gateway serves one page. */
function useRoute(): string {
  const current = () => (location.hash.length > 2 ? location.hash.slice(1) : '/calls');
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const onChange = () => setRoute(current());
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

/** A route the console does not have (or one the person's role does not open). */
function NotFound({ route }: { route: string }) {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is no page at <code>#{route}</code> for your role. <a href="#/calls">Go to the calls</a>.
      </p>
    </section>
  );
}

export function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [menuOpen, setMenuOpen] = useState(false);
  const route = useRoute();
  const signedIn = useCallback((who: Me) => {
    setCsrfToken(who.csrfToken);
    setMe(who);
  }, []);
  useEffect(() => {
    api<Me>('GET', '/auth/me').then(signedIn, () => setMe(null));
  }, [signedIn]);

  if (location.pathname === '/accept-invite') return <AcceptInvite />;
  if (me === undefined) return <p className="muted">Loading…</p>;
  if (me === null) return <SignIn onSignedIn={signedIn} />;

  const signOut = async () => {
    await api('POST', '/auth/logout').catch((e: ApiError) => alert(e.message));
    setMe(null);
  };
  const [, section, id] = route.split('/');
  const admin = roleAtLeast(me.role, 'admin');
  // Controls a role cannot use are not shown (the API refuses them anyway).
  const nav = [
    ['overview', 'Overview'],
    ['calls', 'Calls'],
    ['assistants', 'Assistants'],
    ['campaigns', 'Campaigns'],
    ['numbers', 'Numbers'],
    ['dnc', 'Do not call'],
    ...(admin ? [['trunks', 'SIP trunks']] : []),
    ...(admin ? [['webhooks', 'Webhooks']] : []),
    ['api-keys', 'API keys'],
    ['members', 'Members'],
    ['queues', 'Queues'],
    ...(admin ? [['audit', 'Audit log']] : []),
  ];
  const pages: Record<string, ReactNode> = {
    overview: <OverviewPage />,
    // keyed by id: another call's page starts afresh (it once kept the previous call's transcript)
    calls: id ? <CallDetail key={id} me={me} callId={id} /> : <Calls me={me} />,
    assistants: <Assistants me={me} />,
    campaigns: id ? <CampaignDetail key={id} me={me} campaignId={id} /> : <Campaigns me={me} />,
    numbers: <Numbers me={me} />,
    trunks: admin ? <Trunks /> : null,
    'api-keys': <ApiKeys me={me} />,
    webhooks: admin ? <Webhooks /> : null,
    members: <Members me={me} />,
    audit: admin ? <Audit /> : null,
    queues: <BacklogPage />,
    dnc: <DoNotCall me={me} />,
    account: <Account me={me} onSignedIn={signedIn} />,
  };
  return (
    <>
      <header>
        <strong>Voice calling service</strong>
        <button type="button" className="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
        <nav aria-label="Main" className={menuOpen ? 'open' : undefined} onClick={() => setMenuOpen(false)}>
          {nav.map(([path, label]) => (
            <a key={path} href={`#/${path}`} aria-current={section === path ? 'page' : undefined}>
              {label}
            </a>
          ))}
          <a href="/docs">API docs</a>
        </nav>
        <span className="muted">
          <a href="#/account" aria-current={section === 'account' ? 'page' : undefined}>
            {me.name}
          </a>{' '}
          ({me.role}) · {me.workspace.name}
        </span>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>
        <Suspense fallback={<Loading />}>{pages[section] ?? <NotFound route={route} />}</Suspense>
      </main>
    </>
  );
}
