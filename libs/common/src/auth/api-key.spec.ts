import { apiKeyIdOf, apiKeySessionId, apiKeyStringToSign, requiredApiKeyScope } from './api-key';

describe('API key scopes of routes', () => {
  it('withdraw for POST user/withdrawal, trade for order changes, read for GET, nothing else', () => {
    expect(requiredApiKeyScope('POST', '/swx/customer/user/withdrawal', undefined)).toBe('withdraw');
    expect(requiredApiKeyScope('POST', '/swx/customer/order/buyU', undefined)).toBe('trade');
    expect(requiredApiKeyScope('GET', '/swx/customer/order/listUOrder', undefined)).toBe('read');
    expect(requiredApiKeyScope('GET', '/swx/customer/user/listWithdrwal', undefined)).toBe('read');
    expect(requiredApiKeyScope('POST', '/swx/customer/user/repassword', undefined)).toBeNull();
    // The withdrawal safeguards are changed in a session only, never with a key.
    expect(requiredApiKeyScope('POST', '/swx/customer/user/addressBook/whitelist', undefined)).toBeNull();
    expect(requiredApiKeyScope('POST', '/swx/customer/user/addressBook', undefined)).toBeNull();
    expect(requiredApiKeyScope('POST', '/swx/customer/user/getUserInfo', 'read')).toBe('read');
    expect(requiredApiKeyScope('GET', '/swx/customer/user/apiKeys', false)).toBeNull();
  });

  it('the string to sign and the key session id', () => {
    expect(apiKeyStringToSign('1700000000000', 'post', '/a?b=1', '{"x":1}').toString()).toBe(
      '1700000000000\nPOST\n/a?b=1\n{"x":1}',
    );
    const principal = { kind: 'customer' as const, id: 'u', sessionId: apiKeySessionId('ak_1'), roles: [] };
    expect(apiKeyIdOf(principal)).toBe('ak_1');
    expect(apiKeyIdOf({ ...principal, sessionId: '5b0c9f0e-session' })).toBeNull();
  });
});
