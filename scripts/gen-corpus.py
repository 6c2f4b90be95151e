#!/usr/bin/env python3
"""Writes a synthetic source tree for scaling benchmarks.

usage: gen-corpus.py OUT_DIR SIZE_MB [MCP_SHARE] [SEED]

OUT_DIR receives about SIZE_MB of TypeScript and Rust files (half each by bytes). A share
MCP_SHARE (default 0.05) of the files are MCP files: they import an MCP SDK and contain legacy
patterns (session maps, Mcp-Session-Id, ping, -32002, hand-built results); the others are
ordinary application code with no trigger of any rule. The same arguments always write the
same tree.
"""
import os
import random
import sys

WORDS = ("account order invoice user profile cache queue worker buffer frame token "
         "record table index shard batch stream window metric event payload route").split()


def ident(rng, cap=False):
    a, b = rng.choice(WORDS), rng.choice(WORDS)
    return (a.capitalize() if cap else a) + b.capitalize()


def ts_plain(rng):
    name = ident(rng, True)
    fields = "\n".join(f"  {ident(rng)}: number;" for _ in range(rng.randint(2, 6)))
    body = "\n".join(
        f"    const {ident(rng)}{i} = items.filter((x) => x.{ident(rng)} > {rng.randint(0, 999)}).length;"
        for i in range(rng.randint(3, 12)))
    return f"""export interface {name} {{
{fields}
}}

export class {name}Service {{
  private readonly items: {name}[] = [];

  add(item: {name}): void {{
    this.items.push(item);
  }}

  summarize(items: {name}[]): Record<string, number> {{
{body}
    return {{ total: items.length }};
  }}
}}

export function {ident(rng)}(values: number[]): number {{
  let acc = 0;
  for (const v of values) {{
    if (v % {rng.randint(2, 9)} === 0) {{
      acc += v * {rng.randint(1, 50)};
    }} else {{
      acc -= v;
    }}
  }}
  return acc;
}}
"""


def rs_plain(rng):
    name = ident(rng, True)
    fields = "\n".join(f"    pub {ident(rng)}_{i}: u64," for i in range(rng.randint(2, 6)))
    arms = "\n".join(f"            {i} => acc += x * {rng.randint(1, 50)}," for i in range(rng.randint(2, 8)))
    return f"""use std::collections::BTreeMap;

#[derive(Debug, Clone, Default)]
pub struct {name} {{
{fields}
}}

impl {name} {{
    pub fn fold(values: &[u64]) -> u64 {{
        let mut acc = 0u64;
        for &x in values {{
            match x % 10 {{
{arms}
                _ => acc = acc.wrapping_sub(x),
            }}
        }}
        acc
    }}

    pub fn index(items: &[(String, u64)]) -> BTreeMap<String, u64> {{
        items.iter().cloned().collect()
    }}
}}
"""


def ts_mcp(rng):
    return f"""import {{ StreamableHTTPServerTransport }} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {{ McpError }} from '@modelcontextprotocol/sdk/types.js';

const transports: {{ [sessionId: string]: StreamableHTTPServerTransport }} = {{}};

export async function handle(req: any, res: any, client: any) {{
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  if (sessionId && transports[sessionId]) {{
    return transports[sessionId].handleRequest(req, res, req.body);
  }}
  await client.ping();
  throw new McpError(-32002, 'Resource {rng.randint(0, 9999)} not found');
}}
""" + ts_plain(rng)


def rs_mcp(rng):
    return f"""use rmcp::model::ErrorCode;
use serde_json::json;

pub fn dispatch(method: &str, id: u64) -> serde_json::Value {{
    match method {{
        "ping" => json!({{"jsonrpc": "2.0", "id": id, "result": {{}}}}),
        "tools/list" => json!({{"jsonrpc": "2.0", "id": id, "result": {{"tools": []}}}}),
        _ => json!({{"jsonrpc": "2.0", "id": id, "error": {{"code": -32002, "message": "{rng.randint(0, 9999)}"}}}}),
    }}
}}

pub fn session_header(headers: &http::HeaderMap) -> Option<&http::HeaderValue> {{
    headers.get("mcp-session-id")
}}
""" + rs_plain(rng)


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    out, size_mb = sys.argv[1], float(sys.argv[2])
    share = float(sys.argv[3]) if len(sys.argv) > 3 else 0.05
    rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 7)
    target = int(size_mb * 1024 * 1024)
    written, n = 0, 0
    while written < target:
        mcp = rng.random() < share
        rust = n % 2 == 1
        text = (rs_mcp if mcp else rs_plain)(rng) if rust else (ts_mcp if mcp else ts_plain)(rng)
        # Real files are longer than one template: repeat with fresh names.
        while len(text) < 6000:
            text += rs_plain(rng) if rust else ts_plain(rng)
        folder = os.path.join(out, f"pkg{n // 200:04d}", "src")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, f"m{n:06d}.{'rs' if rust else 'ts'}")
        with open(path, "w") as f:
            f.write(text)
        written += len(text)
        n += 1
    print(f"{n} files, {written} bytes, MCP share {share}")


if __name__ == "__main__":
    main()
