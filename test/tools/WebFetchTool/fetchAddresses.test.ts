/** Which URLs WebFetch accepts, and which addresses count as this machine or the local network. */
import { describe, expect, test } from "bun:test";
import { classifyAddress, type AddressKind } from "../../../src/tools/WebFetchTool/classifyAddress.ts";
import { isSameHost } from "../../../src/tools/WebFetchTool/fetchPage.ts";
import { parseFetchUrl } from "../../../src/tools/WebFetchTool/parseFetchUrl.ts";

describe("classifyAddress", () => {
  const kinds: [string, AddressKind][] = [
    ["127.0.0.1", "loopback"], ["127.255.0.9", "loopback"], ["::1", "loopback"], ["::ffff:127.0.0.1", "loopback"], ["::ffff:7f00:1", "loopback"],
    ["10.1.2.3", "private"], ["172.16.0.1", "private"], ["172.31.255.255", "private"], ["192.168.1.1", "private"], ["fd12::1", "private"],
    ["::ffff:10.0.0.1", "private"], ["64:ff9b::a00:1", "private"], ["2002:c0a8:101::1", "private"],
    ["169.254.169.254", "link-local"], ["fe80::1", "link-local"], ["100.64.0.1", "shared"], ["224.0.0.1", "multicast"],
    ["0.0.0.0", "reserved"], ["::", "reserved"], ["::7f00:1", "reserved"], ["255.255.255.255", "reserved"],
  ];
  test.each(kinds)("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  test.each(["8.8.8.8", "93.184.216.34", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"])("%s is public", (address) => {
    expect(classifyAddress(address)).toBeUndefined();
  });
});

describe("parseFetchUrl", () => {
  test("plain http is upgraded to https, except on loopback names and addresses", () => {
    const upgraded = parseFetchUrl("http://example.com/a?b=1");
    expect(upgraded).toMatchObject({ ok: true, upgraded: true });
    expect(upgraded.ok && upgraded.url.href).toBe("https://example.com/a?b=1");
    for (const local of ["http://localhost:3000/", "http://app.localhost/", "http://127.0.0.1/", "http://[::1]:8080/", "http://2130706433/"]) {
      expect(parseFetchUrl(local)).toMatchObject({ ok: true, upgraded: false });
    }
  });

  test("refuses other schemes, credentials, over-long URLs and text that is no URL", () => {
    expect(parseFetchUrl("file:///etc/passwd")).toMatchObject({ ok: false });
    expect(parseFetchUrl("https://a:b@example.com/")).toMatchObject({ ok: false });
    expect(parseFetchUrl(`https://example.com/${"x".repeat(2001)}`)).toMatchObject({ ok: false });
    expect(parseFetchUrl("example.com")).toMatchObject({ ok: false });
  });
});

describe("isSameHost", () => {
  const same = (from: string, to: string) => isSameHost(new URL(from), new URL(to));
  test("the same host and port, or the move from http to https, count as the same host", () => {
    expect(same("https://a.com/x", "https://a.com/y")).toBe(true);
    expect(same("http://a.com/x", "https://a.com/y")).toBe(true);
    expect(same("https://a.com/", "http://a.com/")).toBe(false);
    expect(same("https://a.com/", "https://www.a.com/")).toBe(false);
    expect(same("https://a.com/", "https://a.com:8443/")).toBe(false);
  });
});
