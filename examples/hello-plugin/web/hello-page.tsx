import { useEffect, useState, type FormEvent } from 'react';
import { useUnit } from 'effector-react';
import { defineLazyModel, TOKENS, useLazyModel, type Container } from '@polycue/sdk';
import { createHelloModel } from './hello-model';
import { GREETINGS_API } from './greetings-api';

/** The page's model: built once per app from the services bound in the container, kept while the app runs. */
const helloModel = defineLazyModel(
  'hello',
  async () => (container: Container) =>
    createHelloModel({
      greetings: container.get(GREETINGS_API),
      app: container.get(TOKENS.AppModel),
      toast: container.get(TOKENS.ToastService),
    }),
);

/** The plugin's page: the workspace's greetings, newest first, and a form to add one. */
export default function HelloPage() {
  const hello = useLazyModel(helloModel);
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
        <input
          id="hello-text"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          placeholder="Say hello to your team"
        />
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
