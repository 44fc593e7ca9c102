import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { TOKENS, useService } from '@polycue/sdk';
import { createHelloModel } from './hello-model';

// One model for the page's lifetime in this app: built from the services the host binds.
let model: ReturnType<typeof createHelloModel> | null = null;

/** The plugin's page: the workspace's greetings, newest first, and a form to add one. */
export default function HelloPage() {
  const api = useService(TOKENS.ApiClient);
  const app = useService(TOKENS.AppModel);
  const toast = useService(TOKENS.ToastService);
  const hello = useMemo(() => (model ??= createHelloModel({ api, app, toast })), [api, app, toast]);
  const [greetings, loading, saving] = useUnit([hello.$greetings, hello.$loading, hello.$saving]);
  const [text, setText] = useState('');

  useEffect(() => hello.pageOpened(), [hello]);
  useEffect(() => hello.addGreetingFx.done.watch(() => setText('')), [hello]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    hello.greetingSubmitted(text);
  };

  return (
    <section className="page" aria-labelledby="hello-title">
      <h1 id="hello-title">Hello</h1>
      <p className="muted">An example plugin, installed from its own folder.</p>
      <form onSubmit={submit} className="form-row">
        <label htmlFor="hello-text">Greeting</label>
        <input id="hello-text" value={text} maxLength={200} onChange={(event) => setText(event.target.value)} placeholder="Say hello to your team" />
        <button type="submit" className="button button-primary" disabled={saving}>
          Add greeting
        </button>
      </form>
      {loading && greetings.length === 0 ? <p aria-busy="true">Loading…</p> : null}
      {!loading && greetings.length === 0 ? <p className="muted">No greetings yet.</p> : null}
      <ul aria-label="Greetings">
        {greetings.map((greeting) => (
          <li key={greeting.id}>{greeting.attributes.text}</li>
        ))}
      </ul>
    </section>
  );
}
