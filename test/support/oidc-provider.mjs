// A real OpenID Connect provider (oidc-provider) on loopback for the Google-login e2e test
// (test/e2e/accounts/google-login.e2e-spec.ts). Its interaction page logs in at once as the
// account named by the login_hint parameter (an e-mail; one starting with "unverified" has
// email_verified false), and consents to the requested scopes.
// Usage: node oidc-provider.mjs <clientId> <clientSecret> <redirectUri>; prints {"issuer": ...}.
import http from 'node:http';
import Provider from 'oidc-provider';

const [clientId, clientSecret, redirectUri] = process.argv.slice(2);
const server = http.createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  // Scope claims in the ID token itself, as Google does.
  conformIdTokenClaims: false,
  findAccount: (_ctx, sub) => ({
    accountId: sub,
    claims: () => ({ sub, email: sub, email_verified: !sub.startsWith('unverified') }),
  }),
  pkce: { required: () => true },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  cookies: { keys: ['a-test-only-cookie-signing-key'] },
});
const callback = provider.callback();

server.on('request', (req, res) => {
  if (!req.url.startsWith('/interaction/')) {
    callback(req, res);
    return;
  }
  (async () => {
    const details = await provider.interactionDetails(req, res);
    const accountId = String(details.params.login_hint ?? 'someone@example.com');
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  })().catch((error) => {
    res.statusCode = 500;
    res.end(String(error));
  });
});

process.stdout.write(`${JSON.stringify({ issuer })}\n`);
