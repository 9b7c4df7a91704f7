/**
 * A stand-in for `@vapi-ai/web`'s generated REST client (dist/client.js), which the build substitutes
 * for it. The web SDK uses one endpoint of that client, `POST {baseUrl}/call/web`; the generated client
 * covers the whole Vapi API (about 10 KB gzip) and would only weigh down every store page.
 *
 * It keeps the generated client's contract: `baseUrl`, `setSecurityData(token)` for the bearer token,
 * and `call.callControllerCreateWebCall(body)` resolving to the Response with `data` set (or throwing it
 * with `error` set when the status is not OK). test/e2e/voice.e2e.test.ts checks it against the real SDK.
 */
import { safeStringify } from '../common/safe-json';

interface ApiResponse extends Response {
  data: unknown;
  error: unknown;
}

let token: string | null = null;

export const client = {
  baseUrl: 'https://api.vapi.ai',

  setSecurityData(data: string | null): void {
    token = data;
  },

  call: {
    async callControllerCreateWebCall(body: Record<string, unknown>): Promise<ApiResponse> {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const response = (await fetch(`${client.baseUrl}/call/web`, {
        method: 'POST',
        headers,
        body: safeStringify(body),
        credentials: 'same-origin',
        redirect: 'follow',
        referrerPolicy: 'no-referrer',
      })) as ApiResponse;
      response.data = null;
      response.error = null;
      try {
        const parsed: unknown = await response.clone().json();
        if (response.ok) response.data = parsed;
        else response.error = parsed;
      } catch (error) {
        response.error = error;
      }
      if (!response.ok) throw response;
      return response;
    },
  },
};
