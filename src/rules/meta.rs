//! The schema of `rules/*.toml`: a rule's metadata, documentation and data.
//!
//! This file is also compiled into the build script, which validates every rule file, so a
//! malformed rule document is a build error rather than a runtime surprise. It depends on
//! serde and toml only.

use serde::{Deserialize, Serialize};

/// A finding's severity, as in SARIF `level`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Note,
    Warning,
    Error,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Note => "note",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }
}

/// The migration area a rule belongs to; the Markdown report groups readiness by area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Area {
    Analyzer,
    Sessions,
    Lifecycle,
    RemovedMethods,
    ResultsErrors,
    Capabilities,
    ToolSafety,
}

impl Area {
    /// The area as a tag (`removed-methods`), as its documents spell it.
    pub fn slug(self) -> &'static str {
        match self {
            Area::Analyzer => "analyzer",
            Area::Sessions => "sessions",
            Area::Lifecycle => "lifecycle",
            Area::RemovedMethods => "removed-methods",
            Area::ResultsErrors => "results-errors",
            Area::Capabilities => "capabilities",
            Area::ToolSafety => "tool-safety",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Area::Analyzer => "Analyzer",
            Area::Sessions => "Sessions and transport state",
            Area::Lifecycle => "Lifecycle and versions",
            Area::RemovedMethods => "Removed or changed methods",
            Area::ResultsErrors => "Results and errors",
            Area::Capabilities => "Capabilities",
            Area::ToolSafety => "Tool safety and state",
        }
    }
}

/// Whether a fix keeps the behaviour the code intended (see [`crate::fix`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// The recommended migration, but it changes behaviour: applied with `--unsafe-fixes`.
    Unsafe,
    /// Keeps the intended behaviour: applied with `--fix`.
    Safe,
}

impl Applicability {
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// How often a rule's findings are right (SARIF `properties.precision`, which code scanning
/// sorts and filters by). Each document says why its rule has its precision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Precision {
    Medium,
    High,
    VeryHigh,
}

impl Precision {
    pub fn as_str(self) -> &'static str {
        match self {
            Precision::Medium => "medium",
            Precision::High => "high",
            Precision::VeryHigh => "very-high",
        }
    }
}

/// A rule whose findings are security findings (SARIF `security-severity`), and why.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Security {
    /// A CVSS-like score, "0.1" to "10.0" (code scanning: 9.0 and up critical, 7.0 high, 4.0
    /// medium, below low).
    pub severity: String,
    /// Why the rule is a security finding and why this score (Markdown).
    pub why: String,
}

/// The topic tags a rule document may list (`tags`), with what each means. Every rule is also
/// tagged with its area and, unless it is one of the analyzer's own, `migration`; the `security`
/// tag goes with a `[security]` table.
pub const TOPIC_TAGS: &[(&str, &str)] = &[
    ("caching", "cache hints on results (`ttlMs`, `cacheScope`)"),
    ("dependencies", "SDK dependencies in `package.json` and `Cargo.toml`"),
    ("discover", "`server/discover`, which replaces the handshake's capability exchange"),
    ("dual-era", "code that tells or serves both protocol eras"),
    ("elicitation", "elicitation requests and their URL mode"),
    ("error-codes", "JSON-RPC error codes"),
    ("handshake", "the removed `initialize` handshake"),
    ("http", "the Streamable HTTP transport: headers, endpoints, methods"),
    ("lists", "the tool, prompt and resource lists a server serves"),
    ("logging", "protocol logging (`logging/setLevel`, log notifications)"),
    ("mrtr", "multi round-trip requests, which replace server-to-client requests"),
    ("pagination", "cursors and the end of a listing"),
    ("project", "decided from the whole project: manifests, or what other files do"),
    ("resources", "resources and their errors and subscriptions"),
    ("retries", "requests the client may send again"),
    ("roots", "client roots"),
    ("sampling", "sampling requests"),
    ("security", "a security finding: the rule has a `security-severity`"),
    ("sse", "server-sent event streams and their resumption"),
    ("state", "state kept between requests"),
    ("suppression", "inline suppression comments"),
    ("tasks", "the 2025 tasks API"),
    ("tools", "tools and what calling them does"),
    ("versions", "protocol version strings and their comparison"),
];

/// One rule document.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleMeta {
    pub id: String,
    pub name: String,
    pub level: Level,
    pub area: Area,
    /// The rule has no check of its own (MCP000 is produced by the engine).
    #[serde(default)]
    pub builtin: bool,
    /// `typescript`, `rust`, `manifest`.
    pub languages: Vec<String>,
    /// One line, shown by `mcpshift rules` and as SARIF `shortDescription`.
    pub summary: String,
    /// What the rule catches (Markdown).
    pub what: String,
    /// Why it breaks under 2026-07-28 (Markdown).
    pub why: String,
    /// The migration hint printed under every finding.
    pub hint: String,
    /// Longer migration steps (Markdown), and which reading of the catalogue the rule takes.
    #[serde(default)]
    pub migration: String,
    /// Topic tags, from [`TOPIC_TAGS`].
    #[serde(default)]
    pub tags: Vec<String>,
    /// Words of a function's name that say the function exists to do what the rule finds
    /// (`list_roots`, `samplingRequest`, `subscribe_to_resource`): a function of the project
    /// whose body is such a finding does it for its callers, and each call is reported.
    #[serde(default)]
    pub wrapper_words: Vec<String>,
    pub precision: Precision,
    /// Why the rule has its precision: what it matches, and where it can be wrong.
    pub precision_reason: String,
    /// What this rule reads across files beyond the names every rule resolves (Markdown; see
    /// [`crate::docs`]).
    #[serde(default)]
    pub across_files: String,
    /// The rule fixes (some of) its findings: `safe` when every fix it offers keeps the
    /// intended behaviour, `unsafe` when some change it (see [`crate::fix`]).
    #[serde(default)]
    pub fix: Option<Applicability>,
    /// What the fix does, in one line; required with `fix`.
    #[serde(default)]
    pub fix_summary: String,
    /// Set only on rules whose findings are security findings.
    #[serde(default)]
    pub security: Option<Security>,
    pub spec: Vec<SpecRef>,
    /// How the rule reads test doubles, generated files, rejection tests and legacy-gated
    /// code, where it differs from the reading every rule shares (see [`Readings`]).
    #[serde(default)]
    pub readings: Readings,
    #[serde(default)]
    pub examples: Examples,
    #[serde(default)]
    pub prefilter: Prefilter,
    /// Name lists matched by the shared pattern mechanism (`src/patterns.rs`).
    #[serde(default, rename = "match")]
    pub patterns: Vec<Pattern>,
    /// Free-form lists a rule's own code reads (verbs, key names, type names).
    #[serde(default)]
    pub data: toml::Table,
    /// `data`'s lists and tables, collected once: rules read them for every node.
    #[serde(skip)]
    lists: std::sync::OnceLock<DataLists>,
}

/// The string lists and string tables of a rule's `[data]`. A rule has a handful of keys, so a
/// linear search beats hashing them.
#[derive(Clone, Debug, Default)]
struct DataLists {
    strings: Vec<(String, Vec<&'static str>)>,
    ints: Vec<(String, Vec<i64>)>,
    pairs: Vec<(String, Vec<(&'static str, &'static str)>)>,
}

impl RuleMeta {
    /// Every tag of the rule, as SARIF and the rule pages list them: `migration` (but for the
    /// analyzer's own rules), the area, then the topic tags.
    pub fn all_tags(&self) -> Vec<&str> {
        let mut tags: Vec<&str> = Vec::new();
        if self.area != Area::Analyzer {
            tags.push("migration");
        }
        tags.push(self.area.slug());
        for t in &self.tags {
            if !tags.contains(&t.as_str()) {
                tags.push(t);
            }
        }
        tags
    }

    /// What is wrong with the document's tags, precision and security fields, if anything.
    pub fn metadata_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.fix.is_some() == self.fix_summary.trim().is_empty() {
            out.push("`fix` and `fix_summary` go together".to_string());
        }
        for t in &self.tags {
            if !TOPIC_TAGS.iter().any(|(k, _)| k == t) {
                out.push(format!("tag `{t}` is not one of the topic tags (TOPIC_TAGS in src/rules/meta.rs)"));
            }
        }
        if self.tags.iter().any(|t| t == "security") != self.security.is_some() {
            out.push("the `security` tag and a `[security]` table go together".to_string());
        }
        if let Some(sec) = &self.security {
            let score: Option<f64> = sec.severity.parse().ok();
            if !score.is_some_and(|s| (0.1..=10.0).contains(&s))
                || sec.severity.split('.').nth(1).is_none_or(|d| d.len() != 1)
            {
                out.push(format!(
                    "security severity `{}` is not a score from 0.1 to 10.0 with one decimal",
                    sec.severity
                ));
            }
            if sec.why.trim().is_empty() {
                out.push("`[security]` needs a `why`".to_string());
            }
        }
        if self.precision_reason.trim().is_empty() {
            out.push("`precision_reason` is empty".to_string());
        }
        out
    }

    fn lists(&'static self) -> &'static DataLists {
        self.lists.get_or_init(|| {
            let mut out = DataLists::default();
            for (key, value) in &self.data {
                match value {
                    toml::Value::Array(items) => {
                        out.strings.push((key.clone(), items.iter().filter_map(|v| v.as_str()).collect()));
                        out.ints.push((key.clone(), items.iter().filter_map(|v| v.as_integer()).collect()));
                    }
                    toml::Value::Table(t) => {
                        let pairs = t.iter().filter_map(|(k, v)| v.as_str().map(|v| (k.as_str(), v))).collect();
                        out.pairs.push((key.clone(), pairs));
                    }
                    _ => {}
                }
            }
            out
        })
    }

    /// A list of strings from `[data]` (empty when the key is absent or not a list of strings).
    pub fn data_strings(&'static self, key: &str) -> &'static [&'static str] {
        self.lists().strings.iter().find(|(k, _)| k == key).map_or(&[], |(_, v)| v.as_slice())
    }

    /// A list of integers from `[data]` (empty when the key is absent or not a list of them).
    pub fn data_ints(&'static self, key: &str) -> &'static [i64] {
        self.lists().ints.iter().find(|(k, _)| k == key).map_or(&[], |(_, v)| v.as_slice())
    }

    /// One string from `[data]`.
    pub fn data_str(&self, key: &str) -> Option<&str> {
        self.data.get(key).and_then(|v| v.as_str())
    }

    /// The string entries of a `[data.<key>]` table, sorted by key.
    pub fn data_pairs(&'static self, key: &str) -> &'static [(&'static str, &'static str)] {
        self.lists().pairs.iter().find(|(k, _)| k == key).map_or(&[], |(_, v)| v.as_slice())
    }
}

#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SpecRef {
    pub title: String,
    pub url: String,
}

/// A rule's own reading of the places where code is not what it seems (Markdown); an empty
/// one is the reading the rule shares with every rule of its area, which [`crate::docs`]
/// states on the rule's page.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Readings {
    /// Test code and the test doubles (fake servers and clients) in it.
    #[serde(default)]
    pub test_doubles: String,
    /// Generated files and copies of a legacy schema.
    #[serde(default)]
    pub generated_files: String,
    /// Tests that send a removed thing only to show it is refused.
    #[serde(default)]
    pub rejection_tests: String,
    /// Code compiled only into legacy builds or reached only by legacy peers.
    #[serde(default)]
    pub legacy_gated: String,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Examples {
    pub typescript: Option<Example>,
    pub rust: Option<Example>,
    pub python: Option<Example>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Example {
    pub before: String,
    pub after: String,
}

/// What a file must contain for the rule to find anything in it. A file that holds nothing any
/// enabled rule asks for is not parsed at all; a parsed file is offered only to the rules it
/// holds tokens of.
///
/// Tokens are matched ASCII-case-insensitively against the raw bytes. The rule's implementation
/// must keep the promise its lists make: a finding or fact in a file without MCP context lies in
/// a file that holds one of `tokens` or `words`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prefilter {
    /// Substrings whose presence anywhere lets the rule fire.
    #[serde(default)]
    pub tokens: Vec<String>,
    /// Like `tokens`, but only as a whole word of a name (`mcp` in `MCP_PATH`, `mcpEndpoint`,
    /// `'/mcp'`, not in `memcpy` or `systemCPUTime`): words split at non-letters and at
    /// lower-to-upper case changes.
    #[serde(default)]
    pub words: Vec<String>,
    /// Substrings that count only in a file with MCP context (one of
    /// [`crate::context::context_tokens`]): common words such as `session`, `update`, `task`
    /// would otherwise send most files of a monorepo to the parser. A rule with only these
    /// fires only in files with MCP context; the engine does not run it elsewhere.
    #[serde(default)]
    pub context_tokens: Vec<String>,
    /// Substrings of files that only give the rule's project pass facts (a parameter struct
    /// that derives `Deserialize`): such a file is parsed only when a file check asked for a
    /// name it contains (see `FileCx::demand`).
    #[serde(default)]
    pub fact_tokens: Vec<String>,
    /// File names (not paths) the rule reads whatever they contain, e.g. `package.json`.
    #[serde(default)]
    pub files: Vec<String>,
}

impl Prefilter {
    /// The rule fires only in files with MCP context.
    pub fn context_only(&self) -> bool {
        self.tokens.is_empty() && self.words.is_empty() && !self.context_tokens.is_empty()
    }

    /// The rule declares no token at all: every file must be offered to it.
    pub fn is_empty(&self) -> bool {
        self.tokens.is_empty() && self.words.is_empty() && self.context_tokens.is_empty()
    }
}

/// What a pattern looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum What {
    /// A string literal (or a string-literal object key) whose whole value is one of `values`.
    String,
    /// A string literal used as a JSON-RPC method name: a `method:` value, a dispatch `case` or
    /// `match` arm on a method, a comparison with `.method`, the first argument of a handler
    /// registration or request call, a key of a method-keyed handler table.
    Method,
    /// An identifier, member name or type name used in code (imports and the names that
    /// declarations introduce excluded).
    Ident,
    /// A call whose function or method name is one of `names`.
    Call,
    /// A function or method definition named one of `names`, inside an impl or class that
    /// implements one of `in_impl` (any, when empty).
    Fn,
    /// An object key or struct field initializer named one of `names`, whose value satisfies
    /// `value`.
    Key,
    /// A class, struct or impl that implements or extends one of `names`.
    Implements,
    /// A struct, class, enum, interface or type alias declared with one of `names` (the
    /// project's own protocol types: `struct InitializeResult`).
    Declares,
    /// A function, field, variable or parameter (of `declarations`, all when empty) whose name
    /// says one of `phrases` (its words in order, others between allowed: `last event id` in
    /// `set_last_event_id`), and whose type names one of `of_type` when that is set. With
    /// `call` among `declarations`, a call of a function so named counts too (with `called`
    /// as its message).
    Declaration,
    /// An integer literal (any spelling) whose value is one of `numbers`; also, where code
    /// branches on it (`==`, `!=`, a `case` or `match` arm), a same-file constant or enum
    /// member initialized with such a literal (the literal itself counts at its definition).
    Number,
}

/// The value a `key` pattern requires.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ValueIs {
    #[default]
    Any,
    /// Literally `true`.
    True,
    /// Anything but `undefined`, `null`, `None` or `false`.
    Set,
    /// Set, and not a string, number or boolean literal: a value that can be an object (a
    /// literal, a variable, a call).
    Object,
}

/// One entry of a rule's `[[match]]` list.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pattern {
    pub what: What,
    #[serde(default)]
    pub values: Vec<String>,
    #[serde(default)]
    pub names: Vec<String>,
    #[serde(default)]
    pub numbers: Vec<i64>,
    /// Compare `values`/`names` ignoring ASCII case.
    #[serde(default)]
    pub ignore_case: bool,
    /// For `string`: a value also matches as one item of a comma-separated list in a string
    /// (`"Content-Type, Last-Event-ID"`, a CORS header list).
    #[serde(default)]
    pub items: bool,
    /// Only in files with MCP context (they import an MCP SDK or speak MCP methods).
    #[serde(default)]
    pub mcp_context: bool,
    /// For `call`, `ident` on a member: the receiver's path must contain one of these
    /// (ASCII case-insensitive), e.g. `client`, `server`, `transport`.
    #[serde(default)]
    pub receiver: Vec<String>,
    /// For `ident`: only a member name (`params.elicitationId`, `X::NAME`), never a bare
    /// variable, parameter or type of that name.
    #[serde(default)]
    pub member: bool,
    /// For `declaration`: phrases of lower-case words separated by spaces.
    #[serde(default)]
    pub phrases: Vec<String>,
    /// For `declaration`: the only words that may stand between a phrase's words in a name
    /// (any, when empty): `sse` lets `next_sse_event_id` say `next event id`, and a name about
    /// something else (`max_sse_handshake_buffer`) does not say `sse buffer`.
    #[serde(default)]
    pub gap_words: Vec<String>,
    /// For `declaration`: `fn`, `field`, `var`, `param`, `call`.
    #[serde(default)]
    pub declarations: Vec<String>,
    /// For `declaration`: type names its type (or, for a function, a parameter's or the return
    /// type) must mention.
    #[serde(default)]
    pub of_type: Vec<String>,
    /// For `declaration`: the type must also mention one of these (a wrapper: `RwLock`,
    /// `Mutex`), when set.
    #[serde(default)]
    pub in_type: Vec<String>,
    /// For `ident`: only a type the project itself declares (its own `InitializeResult`, not
    /// the SDK's), used in a signature, built (`InitializeResult { … }`, `::new`) or named;
    /// resolved through the project index.
    #[serde(default)]
    pub own_type: bool,
    /// For `call`: the first argument is built from one of these types: a struct literal
    /// (`T { .. }`), a constructor or builder chain (`T::new(..)`, `T::builder()…build()`), or
    /// the type itself (`client.subscribe(SubscribeRequestParams::new(uri))`).
    #[serde(default)]
    pub arg_type: Vec<String>,
    /// For `method`: only where the method is sent, not where a handler receives or compares
    /// it: the `method` of an object that reaches a send call (`request`, `sendRequest`,
    /// `send`, `send_request`, `notification`, `notify`, a raw `write` of the serialized
    /// message), directly or through a variable of the same function, or the first argument of
    /// such a call. An object kept in a table, embedded in another message (`inputRequests`) or
    /// handed to `onmessage` is not sent.
    #[serde(default)]
    pub sent: bool,
    /// For `call`: the receiver may instead be a variable initialized by a call named one of
    /// these (`const t = server.registerTool(…); t.disable()`) or declared with one of these
    /// types (`session: ClientSession`). With `receiver` also set, either suffices.
    #[serde(default)]
    pub receiver_init: Vec<String>,
    /// For `call`: an object-literal argument must have one of these keys
    /// (`tool.update({ enabled: false })`).
    #[serde(default)]
    pub arg_keys: Vec<String>,
    /// Any pattern: the node must lie inside a request handler, i.e. a function passed to a
    /// call named one of these (`registerTool(name, config, async () => …)`, also by name:
    /// `setRequestHandler(method, onList)`) or a function carrying an attribute or decorator
    /// named one of these (`#[tool] async fn …`).
    #[serde(default)]
    pub in_handler: Vec<String>,
    /// Any pattern: only in files of these languages (`typescript`, `rust`); in every language
    /// of the rule when empty. An SDK's constant is a finding only in its SDK's language.
    #[serde(default)]
    pub languages: Vec<String>,
    /// For `fn`: the implemented trait or interface.
    #[serde(default)]
    pub in_impl: Vec<String>,
    /// For `key`: the key of the enclosing object's own pair (`roots: { listChanged: … }`, also
    /// through Rust `Some(…)`), or the name of the Rust struct literal the key belongs to
    /// (`RootsCapabilities { list_changed: … }`).
    #[serde(default)]
    pub parent_key: Vec<String>,
    /// For `key`: the object must be an argument of a call (or `new`) named one of these
    /// (`new StreamableHTTPClientTransport(url, { sessionId })`).
    #[serde(default)]
    pub in_call: Vec<String>,
    /// For `key`.
    #[serde(default)]
    pub value: ValueIs,
    /// For `key`: values that already state what 2026-07-28 does (`taskSupport: 'forbidden'`,
    /// `task_support: TaskSupport::Forbidden`), compared ASCII case-insensitively with a string
    /// literal or the last segment of a name; a key set to one is not a finding.
    #[serde(default)]
    pub migrated_values: Vec<String>,
    /// Message template; `{value}` is the matched text.
    pub message: String,
    /// Message template for a match that is one side of a comparison (`v >= X`, `X === v`,
    /// `assert_eq!(v, X)`, a `match` arm's pattern); `message` when unset.
    #[serde(default)]
    pub compared: Option<String>,
    /// Message template for a match that is called: a member called with arguments (a
    /// builder's setter, `.task_support(Mode::Optional)`) or a call a `declaration` pattern
    /// counts; `message` when unset.
    #[serde(default)]
    pub called: Option<String>,
    /// Overrides the rule's level for this pattern.
    #[serde(default)]
    pub level: Option<Level>,
    /// Overrides the rule's hint for this pattern.
    #[serde(default)]
    pub hint: Option<String>,
    /// A legacy handler a dual-era project may keep behind its era check (`--target dual`).
    #[serde(default)]
    pub legacy_handler: bool,
}
