import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Certificates (PEM) a test made for itself and trusts, beside nothing else, for https URLs. */
const trustedCertificates: string[] = [];

export function trustTestCertificate(pem: string): void {
  trustedCertificates.push(pem);
}

/** http.request, or https.request trusting only the test's own certificates, by the URL's scheme. */
export function requestFor(url: string, options: RequestOptions, onResponse: (response: IncomingMessage) => void): ClientRequest {
  if (url.startsWith('https:')) return httpsRequest(url, { ...options, ca: trustedCertificates }, onResponse);
  return httpRequest(url, options, onResponse);
}
