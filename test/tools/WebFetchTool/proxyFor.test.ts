/** Which proxy the environment names for a URL, and which hosts no_proxy sends past it. */
import { describe, expect, test } from "bun:test";
import { bypassesProxy, proxyFor } from "../../../src/tools/WebFetchTool/proxyFor.ts";

const url = (text: string) => new URL(text);

describe("proxyFor", () => {
  test("https URLs take https_proxy (lower case first), http URLs http_proxy; nothing set is a direct connection", () => {
    expect(proxyFor(url("https://docs.example.com/x"), { HTTPS_PROXY: "http://upper:8080", https_proxy: "http://lower:3128" })).toEqual({ url: "http://lower:3128/", label: "http://lower:3128" });
    expect(proxyFor(url("https://docs.example.com/x"), { HTTPS_PROXY: "http://upper:8080" })).toEqual({ url: "http://upper:8080/", label: "http://upper:8080" });
    expect(proxyFor(url("http://docs.example.com/x"), { HTTPS_PROXY: "http://secure-only:8080" })).toBeUndefined();
    expect(proxyFor(url("http://docs.example.com/x"), { HTTP_PROXY: "http://plain:8080" })).toEqual({ url: "http://plain:8080/", label: "http://plain:8080" });
    expect(proxyFor(url("https://docs.example.com/x"), {})).toBeUndefined();
    expect(proxyFor(url("https://docs.example.com/x"), { https_proxy: "  " })).toBeUndefined();
  });

  test("a proxy without a scheme is an http one; credentials stay in the URL and out of the label", () => {
    expect(proxyFor(url("https://a.example/"), { https_proxy: "proxy.corp:3128" })).toEqual({ url: "http://proxy.corp:3128/", label: "http://proxy.corp:3128" });
    expect(proxyFor(url("https://a.example/"), { https_proxy: "https://me:s3cret@proxy.corp:443" })).toEqual({ url: "https://me:s3cret@proxy.corp/", label: "https://proxy.corp" });
  });

  test("a proxy WebFetch cannot use is an error naming the variable, never a silent direct connection", () => {
    const socks = proxyFor(url("https://a.example/"), { ALL_PROXY: "x", HTTPS_PROXY: "socks5://me:pw@127.0.0.1:1080" });
    expect(socks).toEqual({ error: "HTTPS_PROXY names a socks5 proxy (socks5://127.0.0.1:1080); WebFetch goes through http:// and https:// proxies only" });
    expect(proxyFor(url("https://a.example/"), { https_proxy: "http://[bad" })).toEqual({ error: "https_proxy is not a URL a proxy can have (it should look like http://proxy.example.com:8080)" });
  });

  test("no_proxy names a host and the names under it, with or without a leading dot or *.", () => {
    for (const entry of ["example.com", ".example.com", "*.example.com", "EXAMPLE.com."]) {
      const environment = { https_proxy: "http://p:1", no_proxy: `intranet, ${entry}` };
      expect(proxyFor(url("https://example.com/"), environment)).toBeUndefined();
      expect(proxyFor(url("https://docs.example.com/"), environment)).toBeUndefined();
      expect(proxyFor(url("https://badexample.com/"), environment)).toEqual({ url: "http://p:1/", label: "http://p:1" });
    }
    expect(bypassesProxy(url("https://anything.example/"), { NO_PROXY: "*" })).toBe(true);
    expect(bypassesProxy(url("https://docs.example.com./"), { NO_PROXY: "docs.example.com" })).toBe(true);
    expect(bypassesProxy(url("https://example.com/"), { NO_PROXY: ",, ," })).toBe(false);
  });

  test("this machine and its network as written never go through a proxy", () => {
    const environment = { http_proxy: "http://p:1", https_proxy: "http://p:1" };
    for (const text of ["http://localhost:3000/", "https://app.localhost/", "http://127.0.0.1/", "http://127.8.9.10/", "http://[::1]:8080/", "http://0.0.0.0/", "http://[::]/", "http://10.0.0.1/", "https://169.254.169.254/", "https://[fe80::1]/"]) {
      expect(proxyFor(url(text), environment)).toBeUndefined();
    }
    expect(proxyFor(url("https://93.184.215.14/"), environment)).toEqual({ url: "http://p:1/", label: "http://p:1" });
  });

  test("no_proxy entries with a port cover that port only; addresses and IPv4 ranges cover addresses, not names", () => {
    const environment = { NO_PROXY: "internal:8443,10.0.0.0/8,[::1],192.168.1.7" };
    expect(bypassesProxy(url("https://internal:8443/"), environment)).toBe(true);
    expect(bypassesProxy(url("https://internal/"), environment)).toBe(false);
    expect(bypassesProxy(url("http://10.20.30.40/"), environment)).toBe(true);
    expect(bypassesProxy(url("http://11.0.0.1/"), environment)).toBe(false);
    expect(bypassesProxy(url("http://10.example/"), environment)).toBe(false);
    expect(bypassesProxy(url("http://[::1]:8080/"), environment)).toBe(true);
    expect(bypassesProxy(url("http://192.168.1.7/"), environment)).toBe(true);
    expect(bypassesProxy(url("http://192.168.1.70/"), environment)).toBe(false);
    expect(bypassesProxy(url("http://[::1]/"), { no_proxy: "::1" })).toBe(true);
    expect(bypassesProxy(url("http://1.2.3.4/"), { no_proxy: "1.2.3.4/40" })).toBe(false);
  });
});
