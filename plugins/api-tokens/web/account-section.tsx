import { Link } from 'react-router-dom';

/** The account settings' "API tokens" section: the way to the tokens page. */
export default function ApiTokensAccountSection() {
  return (
    <div>
      <p className="muted">Personal tokens for your scripts to call the Polycue API as you, in this account.</p>
      <Link className="button" to="/account/api_tokens">
        Manage API tokens
      </Link>
    </div>
  );
}
