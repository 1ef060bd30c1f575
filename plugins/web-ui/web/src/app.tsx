import { lazy, Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { Layout } from './components/layout';
import { TokenDialog } from './components/token-dialog';
import { ConnectionsPage } from './pages/connections-page';
import { EndpointFormPage } from './pages/endpoint-form-page';
import { EndpointPage } from './pages/endpoint-page';
import { EndpointsPage } from './pages/endpoints-page';
import { KeysPage } from './pages/keys-page';
import { NotFoundPage } from './pages/not-found-page';

// The dashboard carries the charting library; it loads when first opened.
const UsagePage = lazy(() => import('./pages/usage-page'));

/** Routes under /ui/ (the server answers index.html for each of them). */
export function App() {
  return (
    <Router base="/ui">
      <Layout>
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <Switch>
            <Route path="/" component={EndpointsPage} />
            <Route path="/endpoints/new">{() => <EndpointFormPage />}</Route>
            <Route path="/endpoints/:name/edit">{(params) => <EndpointFormPage editing={decodeURIComponent(params.name)} />}</Route>
            <Route path="/endpoints/:name">{(params) => <EndpointPage name={decodeURIComponent(params.name)} />}</Route>
            <Route path="/connections" component={ConnectionsPage} />
            <Route path="/usage" component={UsagePage} />
            <Route path="/keys" component={KeysPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </Layout>
      <TokenDialog />
    </Router>
  );
}
