import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, roleAtLeast, setCsrfToken, type Me } from './api';
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
import { BacklogPage } from './pages/backlog';

/** Routes live in the hash (#/calls, #/calls/call_…), so the gateway serves one page. */
function useRoute(): string {
  const [route, setRoute] = useState(location.hash.slice(1) || '/calls');
  useEffect(() => {
    const onChange = () => setRoute(location.hash.slice(1) || '/calls');
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}

export function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
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
    ['calls', 'Calls'],
    ['assistants', 'Assistants'],
    ['campaigns', 'Campaigns'],
    ['numbers', 'Numbers'],
    ...(admin ? [['trunks', 'SIP trunks']] : []),
    ...(admin ? [['webhooks', 'Webhooks']] : []),
    ['api-keys', 'API keys'],
    ['members', 'Members'],
    ['queues', 'Queues'],
    ...(admin ? [['audit', 'Audit log']] : []),
  ];
  return (
    <>
      <header>
        <strong>Voice calling service</strong>
        <nav aria-label="Main">
          {nav.map(([path, label]) => (
            <a key={path} href={`#/${path}`} aria-current={section === path ? 'page' : undefined}>
              {label}
            </a>
          ))}
          <a href="/docs">API docs</a>
        </nav>
        <span className="muted">
          {me.name} ({me.role}) · {me.workspace.name}
        </span>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>
        {section === 'calls' && id ? <CallDetail me={me} callId={id} /> : null}
        {section === 'calls' && !id ? <Calls me={me} /> : null}
        {section === 'assistants' ? <Assistants me={me} /> : null}
        {section === 'campaigns' ? <Campaigns me={me} /> : null}
        {section === 'numbers' ? <Numbers me={me} /> : null}
        {section === 'trunks' && admin ? <Trunks /> : null}
        {section === 'api-keys' ? <ApiKeys me={me} /> : null}
        {section === 'webhooks' && admin ? <Webhooks /> : null}
        {section === 'members' ? <Members me={me} /> : null}
        {section === 'audit' && admin ? <Audit /> : null}
        {section === 'queues' ? <BacklogPage /> : null}
      </main>
    </>
  );
}
