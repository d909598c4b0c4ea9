//! The shape of `src/`, held by tests: modules depend on each other in one
//! direction (no import cycle between files, nor between the modules the
//! files make up, at any depth), no hidden global state, and every component
//! kind is named in one file only.
//!
//! Dependencies are read from the source, cut into tokens as the compiler
//! cuts it (comments, nested block comments, strings with their escapes, raw
//! and byte strings, char literals told from lifetimes): `crate::`,
//! `super::` and `self::` paths, paths into a module's own children
//! (`child::item`) and through a module a `use` line named
//! (`use crate::scene;` then `scene::item::Item`), in `use` lines and in code
//! alike. A path is charged to the deepest module file it names:
//! `crate::input::source::Source` is an edge to `source.rs`,
//! `crate::layout::Resolver` an edge to `layout/mod.rs`. `src/` holds no
//! test: the library's unit tests are in `tests/it/unit/`.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

/// A module path (`["layout", "source"]`) and its file.
type Modules = BTreeMap<Vec<String>, PathBuf>;

/// Module → the modules it depends on.
type Graph = BTreeMap<Vec<String>, BTreeSet<Vec<String>>>;

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every module of the library crate (`main.rs` is the binary's own root).
fn modules() -> Modules {
    let root = src();
    let files = crate::common::files_with_extension(&root, "rs");
    let mut out = Modules::new();
    for f in files {
        let rel = f.strip_prefix(&root).unwrap();
        let mut parts: Vec<String> = rel.iter().map(|c| c.to_string_lossy().into_owned()).collect();
        let last = parts.pop().unwrap();
        match last.as_str() {
            "lib.rs" if parts.is_empty() => {}
            "main.rs" if parts.is_empty() => continue,
            "mod.rs" => {}
            other => parts.push(other.trim_end_matches(".rs").to_string()),
        }
        out.insert(parts, f);
    }
    out
}

/// What a token of Rust source is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A name or keyword (`r#type` gives `type`).
    Ident,
    /// `'a`, `'static`, a loop label.
    Lifetime,
    /// A string literal of any kind (`"..."`, `r#"..."#`, `b"..."`, `c"..."`);
    /// the token's text is its value.
    Str,
    /// A char or byte literal (`'x'`, `'\''`, `b'\n'`).
    Char,
    /// A number (`1`, `0.5`, `1e-9`, `0xff_u8`).
    Number,
    /// One punctuation character, or `::`.
    Punct,
}

/// One token and the line (from 1) it starts on.
#[derive(Clone, Debug)]
struct Token {
    kind: Kind,
    text: String,
    line: usize,
}

impl Token {
    fn is(&self, kind: Kind, text: &str) -> bool {
        self.kind == kind && self.text == text
    }
}

/// The tokens of a Rust source text, comments left out. Only what the tests
/// need is told apart (no multi-character operator but `::`); a string's
/// escapes are decoded so its text is the value the program holds.
fn lex(text: &str) -> Vec<Token> {
    let b: Vec<char> = text.chars().collect();
    let at = |k: usize| b.get(k).copied().unwrap_or('\0');
    let ident_char = |c: char| c.is_alphanumeric() || c == '_';
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start_line = line;
        let mut push = |kind: Kind, text: String| {
            out.push(Token {
                kind,
                text,
                line: start_line,
            })
        };
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '/' && at(i + 1) == '/' {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == '*' {
            // Block comments nest.
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += usize::from(b[i] == '\n');
                    i += 1;
                }
            }
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < b.len() && ident_char(b[i]) {
                i += 1;
            }
            let word: String = b[start..i].iter().collect();
            let raw_start = |k: usize| {
                let mut k = k;
                while at(k) == '#' {
                    k += 1;
                }
                at(k) == '"'
            };
            if matches!(word.as_str(), "r" | "br" | "cr") && raw_start(i) {
                let mut hashes = 0;
                while b[i] == '#' {
                    hashes += 1;
                    i += 1;
                }
                i += 1;
                let from = i;
                while i < b.len() && !(b[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#')) {
                    line += usize::from(b[i] == '\n');
                    i += 1;
                }
                push(Kind::Str, b[from..i.min(b.len())].iter().collect());
                i += 1 + hashes;
            } else if word == "r" && at(i) == '#' && (at(i + 1).is_alphabetic() || at(i + 1) == '_') {
                let from = i + 1;
                i += 1;
                while i < b.len() && ident_char(b[i]) {
                    i += 1;
                }
                push(Kind::Ident, b[from..i].iter().collect());
            } else if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                let (value, end, lines) = quoted(&b, i);
                push(Kind::Str, value);
                i = end;
                line += lines;
            } else if word == "b" && at(i) == '\'' {
                let (value, end, _) = quoted(&b, i);
                push(Kind::Char, value);
                i = end;
            } else {
                push(Kind::Ident, word);
            }
        } else if c.is_ascii_digit() {
            let start = i;
            let hex = c == '0' && matches!(at(i + 1), 'x' | 'o' | 'b');
            while i < b.len() {
                let d = b[i];
                let exponent = !hex && matches!(d, 'e' | 'E') && matches!(at(i + 1), '+' | '-');
                if exponent {
                    i += 2;
                } else if ident_char(d) || (d == '.' && at(i + 1).is_ascii_digit()) {
                    i += 1;
                } else {
                    break;
                }
            }
            push(Kind::Number, b[start..i].iter().collect());
        } else if c == '"' {
            let (value, end, lines) = quoted(&b, i);
            push(Kind::Str, value);
            i = end;
            line += lines;
        } else if c == '\'' && (at(i + 1) == '\\' || (at(i + 2) == '\'' && at(i + 1) != '\n')) {
            // A char literal: `'x'`, `'\''`, `'\u{e9}'`. Anything else after
            // a quote (`'a`, `'static`, `'outer:`) is a lifetime or a label.
            let (value, end, _) = quoted(&b, i);
            push(Kind::Char, value);
            i = end;
        } else if c == '\'' {
            let start = i;
            i += 1;
            while i < b.len() && ident_char(b[i]) {
                i += 1;
            }
            push(Kind::Lifetime, b[start..i].iter().collect());
        } else if c == ':' && at(i + 1) == ':' {
            push(Kind::Punct, "::".to_string());
            i += 2;
        } else {
            push(Kind::Punct, c.to_string());
            i += 1;
        }
    }
    out
}

/// The literal whose opening quote (`"` or `'`) is at `open`: its value with
/// the escapes decoded, the index past its closing quote, and the newlines
/// it spans.
fn quoted(b: &[char], open: usize) -> (String, usize, usize) {
    let close = b[open];
    let mut value = String::new();
    let mut lines = 0;
    let mut i = open + 1;
    while i < b.len() && b[i] != close {
        lines += usize::from(b[i] == '\n');
        if b[i] != '\\' {
            value.push(b[i]);
            i += 1;
            continue;
        }
        let e = b.get(i + 1).copied().unwrap_or('\\');
        i += 2;
        match e {
            'n' => value.push('\n'),
            't' => value.push('\t'),
            'r' => value.push('\r'),
            '0' => value.push('\0'),
            'x' => {
                let hex: String = b[i..(i + 2).min(b.len())].iter().collect();
                value.extend(u8::from_str_radix(&hex, 16).ok().map(char::from));
                i += 2;
            }
            'u' => {
                let end = b[i..].iter().position(|&c| c == '}').map_or(b.len(), |k| i + k);
                let hex: String = b[i..end].iter().filter(|c| c.is_ascii_hexdigit()).collect();
                value.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
                i = end + 1;
            }
            '\n' => {
                // A line continuation: the newline and the next line's
                // leading whitespace are not in the value.
                lines += 1;
                while i < b.len() && b[i].is_whitespace() {
                    lines += usize::from(b[i] == '\n');
                    i += 1;
                }
            }
            other => value.push(other),
        }
    }
    (value, i + 1, lines)
}

/// The index of the `}` that closes the `{` at `open` (the last token when
/// it is never closed).
fn matching_brace(tokens: &[Token], open: usize) -> usize {
    let mut depth = 0;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        if t.is(Kind::Punct, "{") {
            depth += 1;
        } else if t.is(Kind::Punct, "}") {
            depth -= 1;
            if depth == 0 {
                return k;
            }
        }
    }
    tokens.len().saturating_sub(1)
}

/// A file's tokens.
fn code_of(file: &Path) -> Vec<Token> {
    lex(&std::fs::read_to_string(file).unwrap())
}

/// Expands `use` trees into plain paths, each with the name it brings into
/// scope: `a::{b, c::{d, e as f}, self}` gives `a::b` (b), `a::c::d` (d),
/// `a::c::e` (f) and `a::self` (a).
fn expand_use(tree: &str) -> Vec<(String, String)> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    fn go(prefix: &str, tree: &str, out: &mut Vec<(String, String)>) {
        let tree = tree.trim();
        if let Some(open) = tree.find('{') {
            let head = tree[..open].trim().trim_end_matches("::");
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let base = join(prefix, head);
            let mut depth = 0;
            let mut start = 0;
            for (k, ch) in inner.char_indices() {
                match ch {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        go(&base, &inner[start..k], out);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            go(&base, &inner[start..], out);
        } else {
            let mut parts = tree.split(" as ");
            let leaf = parts.next().unwrap().trim();
            if !leaf.is_empty() {
                let path = join(prefix, leaf);
                let segs: Vec<&str> = path.split("::").collect();
                let last = match segs.as_slice() {
                    [.., parent, "self"] => parent,
                    [.., last] => last,
                    [] => "",
                };
                let name = parts.next().map_or(last, str::trim).to_string();
                out.push((path, name));
            }
        }
    }
    fn join(a: &str, b: &str) -> String {
        match (a.is_empty(), b.is_empty()) {
            (true, _) => b.to_string(),
            (_, true) => a.to_string(),
            _ => format!("{a}::{b}"),
        }
    }
    let mut out = Vec::new();
    go("", &tree, &mut out);
    out
}

/// The text of a run of tokens, a space only between two words
/// (`crate::a::{b,c as d}`).
fn render(tokens: &[Token]) -> String {
    let mut s = String::new();
    let mut prev_word = false;
    for t in tokens {
        let word = matches!(t.kind, Kind::Ident | Kind::Number | Kind::Lifetime);
        if word && prev_word {
            s.push(' ');
        }
        s.push_str(&t.text);
        prev_word = word;
    }
    s
}

/// What a file's code names: every path (`use` items expanded, and the
/// `a::b::c` paths elsewhere, a leading name a `use` line brought in replaced
/// by its full path) and the child modules it declares (`mod x;`).
fn paths_in(code: &[Token]) -> (Vec<String>, Vec<String>) {
    let mut used = Vec::new();
    let mut children = Vec::new();
    let mut other = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let t = &code[i];
        let next = |k: usize| code.get(i + k);
        if t.is(Kind::Ident, "use") && !next(1).is_some_and(|n| n.is(Kind::Punct, "<")) {
            let end = (i..code.len())
                .find(|&k| code[k].is(Kind::Punct, ";"))
                .unwrap_or(code.len());
            used.extend(expand_use(&render(&code[i + 1..end])));
            i = end + 1;
            continue;
        }
        if t.is(Kind::Ident, "mod")
            && let (Some(name), Some(semi)) = (next(1), next(2))
            && name.kind == Kind::Ident
            && semi.is(Kind::Punct, ";")
        {
            children.push(name.text.clone());
            i += 3;
            continue;
        }
        let after_path = i > 0 && (code[i - 1].is(Kind::Punct, "::") || code[i - 1].is(Kind::Punct, "$"));
        if t.kind == Kind::Ident && !after_path {
            let mut segs = vec![t.text.clone()];
            let mut k = i + 1;
            while k + 1 < code.len() && code[k].is(Kind::Punct, "::") && code[k + 1].kind == Kind::Ident {
                segs.push(code[k + 1].text.clone());
                k += 2;
            }
            if segs.len() > 1 {
                other.push(segs);
            }
            i = k;
            continue;
        }
        i += 1;
    }
    let names: BTreeMap<&str, &str> = used.iter().map(|(p, n)| (n.as_str(), p.as_str())).collect();
    let mut paths: Vec<String> = used.iter().map(|(p, _)| p.clone()).collect();
    for segs in other {
        let head = match names.get(segs[0].as_str()) {
            Some(full) if !children.contains(&segs[0]) => full.to_string(),
            _ => segs[0].clone(),
        };
        paths.push(
            std::iter::once(head)
                .chain(segs[1..].iter().cloned())
                .collect::<Vec<_>>()
                .join("::"),
        );
    }
    (paths, children)
}

/// The file a path from module `from` leads to: the deepest module it names.
fn resolve(path: &str, from: &[String], children: &[String], modules: &Modules) -> Option<Vec<String>> {
    let segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let (mut base, rest): (Vec<String>, &[&str]) = match segs.first().copied() {
        Some("crate") => (Vec::new(), &segs[1..]),
        Some("self") => (from.to_vec(), &segs[1..]),
        Some("super") => {
            let mut b = from.to_vec();
            let mut k = 0;
            while segs.get(k) == Some(&"super") {
                b.pop();
                k += 1;
            }
            (b, &segs[k..])
        }
        Some(first) if children.iter().any(|c| c == first) => (from.to_vec(), &segs[..]),
        _ => return None,
    };
    for s in rest {
        let mut next = base.clone();
        next.push(s.to_string());
        if modules.contains_key(&next) {
            base = next;
        } else {
            break;
        }
    }
    Some(base)
}

/// Module → the modules its file depends on.
fn graph() -> Graph {
    let modules = modules();
    let mut g = BTreeMap::new();
    for (m, file) in &modules {
        let (paths, children) = paths_in(&code_of(file));
        let deps: BTreeSet<Vec<String>> = paths
            .iter()
            .filter_map(|p| resolve(p, m, &children, &modules))
            .filter(|d| d != m)
            .collect();
        g.insert(m.clone(), deps);
    }
    g
}

fn name(m: &[String]) -> String {
    if m.is_empty() { "lib".to_string() } else { m.join("::") }
}

fn path_of(name: &str) -> Vec<String> {
    if name == "lib" {
        Vec::new()
    } else {
        name.split("::").map(str::to_string).collect()
    }
}

/// The graph with every module cut to its first `depth` names: at depth 1
/// all of `components` is one node, at depth 2 all of
/// `components::futbolchess_board`. An edge inside one node is dropped.
fn collapse(g: &Graph, depth: usize) -> Graph {
    let cut = |m: &Vec<String>| m[..m.len().min(depth)].to_vec();
    let mut out = Graph::new();
    for (from, tos) in g {
        let node = cut(from);
        let deps = out.entry(node.clone()).or_default();
        for to in tos {
            let to = cut(to);
            if to != node {
                deps.insert(to);
            }
        }
    }
    out
}

/// Strongly connected components with more than one module (Tarjan).
fn cycles(g: &Graph) -> Vec<Vec<String>> {
    struct St<'a> {
        g: &'a Graph,
        index: BTreeMap<&'a Vec<String>, usize>,
        low: BTreeMap<&'a Vec<String>, usize>,
        stack: Vec<&'a Vec<String>>,
        on: BTreeSet<&'a Vec<String>>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(st: &mut St<'a>, v: &'a Vec<String>) {
        st.index.insert(v, st.next);
        st.low.insert(v, st.next);
        st.next += 1;
        st.stack.push(v);
        st.on.insert(v);
        let g = st.g;
        for w in g.get(v).into_iter().flatten() {
            let Some((w, _)) = g.get_key_value(w) else { continue };
            if !st.index.contains_key(w) {
                visit(st, w);
                let l = st.low[w].min(st.low[v]);
                st.low.insert(v, l);
            } else if st.on.contains(w) {
                let l = st.index[w].min(st.low[v]);
                st.low.insert(v, l);
            }
        }
        if st.low[v] == st.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = st.stack.pop().unwrap();
                st.on.remove(w);
                comp.push(name(w));
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                st.out.push(comp);
            }
        }
    }
    let mut st = St {
        g,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in g.keys() {
        if !st.index.contains_key(v) {
            visit(&mut st, v);
        }
    }
    st.out
}

/// One shortest cycle through the first module of a strongly connected
/// component, as the modules it passes (the first again at the end).
fn a_cycle(g: &Graph, component: &[String]) -> Vec<Vec<String>> {
    let inside: BTreeSet<Vec<String>> = component.iter().map(|n| path_of(n)).collect();
    let start = path_of(&component[0]);
    let mut came_from: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
    let mut queue = VecDeque::from([start.clone()]);
    while let Some(v) = queue.pop_front() {
        for w in g.get(&v).into_iter().flatten().filter(|w| inside.contains(*w)) {
            if *w == start {
                let mut path = vec![start.clone(), v.clone()];
                let mut at = v.clone();
                while let Some(prev) = came_from.get(&at) {
                    path.push(prev.clone());
                    at = prev.clone();
                }
                path.reverse();
                return path;
            }
            if *w != start && !came_from.contains_key(w) {
                came_from.insert(w.clone(), v.clone());
                queue.push_back(w.clone());
            }
        }
    }
    Vec::new()
}

/// A cycle of the graph collapsed at `depth`, each step with one file-level
/// edge that makes it: `print -> scene (print -> scene::color)`.
fn explain(files: &Graph, depth: usize, cycle: &[Vec<String>]) -> String {
    let cut = |m: &Vec<String>| m[..m.len().min(depth)].to_vec();
    let steps: Vec<String> = cycle
        .windows(2)
        .map(|w| {
            let witness = files
                .iter()
                .flat_map(|(f, tos)| tos.iter().map(move |t| (f, t)))
                .find(|(f, t)| cut(f) == w[0] && cut(t) == w[1])
                .map_or(String::new(), |(f, t)| format!(" ({} -> {})", name(f), name(t)));
            format!("{} -> {}{witness}", name(&w[0]), name(&w[1]))
        })
        .collect();
    steps.join(", ")
}

/// Every module-level cycle of the file graph `files`, at every depth, each
/// named with the file edges that make it.
fn module_cycles(files: &Graph) -> Vec<String> {
    let deepest = files.keys().map(Vec::len).max().unwrap_or(0);
    let mut out = Vec::new();
    for depth in 1..=deepest {
        let g = collapse(files, depth);
        for component in cycles(&g) {
            let cycle = a_cycle(&g, &component);
            out.push(format!(
                "depth {depth}: {} form a cycle: {}",
                component.join(", "),
                explain(files, depth, &cycle)
            ));
        }
    }
    out
}

/// String literals in `code` that look like a dotted layout key
/// (`"board.pitch"`, `"style.grid_width"`, `"print.back_offset[0]"`). File
/// names (`"board.toml"`) are not keys.
fn dotted_keys(code: &[Token]) -> Vec<String> {
    let word = |p: &str| {
        let p = p.split('[').next().unwrap_or("");
        !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase() || c == '_')
    };
    code.iter()
        .filter(|t| t.kind == Kind::Str)
        .map(|t| t.text.as_str())
        .filter(|lit| {
            let is_file = [".toml", ".md", ".csv", ".pdf", ".svg", ".png", ".jpg", ".rs", ".xml"]
                .iter()
                .any(|e| lit.ends_with(e));
            let parts: Vec<&str> = lit.split('.').collect();
            parts.len() >= 2 && parts.iter().all(|p| word(p)) && !is_file
        })
        .map(str::to_string)
        .collect()
}

/// Functions of `src/` longer than `max` lines, with their length: from the
/// line of `fn` to the line of the brace that closes its body.
fn long_functions(max: usize) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for (m, file) in modules() {
        let code = code_of(&file);
        for (i, t) in code.iter().enumerate() {
            let Some(fn_name) = code
                .get(i + 1)
                .filter(|n| t.is(Kind::Ident, "fn") && n.kind == Kind::Ident)
            else {
                continue;
            };
            // The body opens at the first `{` outside the signature's
            // brackets; a `;` there first means a function without one.
            let mut depth = 0i32;
            let mut body = None;
            for (k, s) in code.iter().enumerate().skip(i + 2) {
                match (s.kind, s.text.as_str()) {
                    (Kind::Punct, "(" | "[") => depth += 1,
                    (Kind::Punct, ")" | "]") => depth -= 1,
                    (Kind::Punct, ";") if depth == 0 => break,
                    (Kind::Punct, "{") if depth == 0 => {
                        body = Some(k);
                        break;
                    }
                    _ => {}
                }
            }
            let Some(open) = body else { continue };
            let len = code[matching_brace(&code, open)].line - t.line + 1;
            if len > max {
                out.push((name(&m), fn_name.text.clone(), len));
            }
        }
    }
    out
}

fn texts(tokens: &[Token]) -> Vec<(Kind, &str)> {
    tokens.iter().map(|t| (t.kind, t.text.as_str())).collect()
}

#[test]
fn the_lexer_reads_strings_as_the_compiler_does() {
    let code = r####"a("say \"hi\"", "language.name"); r#"x "y" z"#; br##"#"##; b"b\"c"; c"d"; "e\\"; f"####;
    let strings: Vec<String> = lex(code)
        .into_iter()
        .filter(|t| t.kind == Kind::Str)
        .map(|t| t.text)
        .collect();
    assert_eq!(
        strings,
        vec!["say \"hi\"", "language.name", "x \"y\" z", "#", "b\"c", "d", "e\\"]
    );
    assert_eq!(lex(code).last().map(|t| t.text.clone()), Some("f".to_string()));
    assert_eq!(
        lex(r#""a\
        b\u{e9}\x41""#)[0]
            .text,
        "abéA"
    );
}

#[test]
fn the_lexer_tells_chars_from_lifetimes() {
    let code = r#"fn f<'a>(x: &'a str) -> char { 'outer: loop { break 'outer; } '"'; '\''; b'"'; 'é'; '\u{1F600}' }"#;
    let tokens = lex(code);
    let found = texts(&tokens);
    let of = |k: Kind| {
        found
            .iter()
            .filter(|(kind, _)| *kind == k)
            .map(|(_, t)| *t)
            .collect::<Vec<_>>()
    };
    assert_eq!(of(Kind::Lifetime), vec!["'a", "'a", "'outer", "'outer"]);
    assert_eq!(of(Kind::Char), vec!["\"", "'", "\"", "é", "\u{1F600}"]);
    assert!(of(Kind::Str).is_empty(), "{found:?}");
}

#[test]
fn the_lexer_skips_nested_comments_and_counts_lines() {
    let code = "a /* one /* two */ \"not a string\n */ b // c \"\n r#type 1e-9 0..5 x::y";
    let found = lex(code);
    assert_eq!(
        texts(&found),
        vec![
            (Kind::Ident, "a"),
            (Kind::Ident, "b"),
            (Kind::Ident, "type"),
            (Kind::Number, "1e-9"),
            (Kind::Number, "0"),
            (Kind::Punct, "."),
            (Kind::Punct, "."),
            (Kind::Number, "5"),
            (Kind::Ident, "x"),
            (Kind::Punct, "::"),
            (Kind::Ident, "y"),
        ]
    );
    assert_eq!(
        found.iter().map(|t| t.line).collect::<Vec<_>>(),
        vec![1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3]
    );
}

/// The attributes that make test code, found in code (not in a comment or
/// a string): `#[test]` and `#[cfg(test)]`, each with its line.
fn test_attributes(tokens: &[Token]) -> Vec<usize> {
    let texts: Vec<&str> = tokens
        .iter()
        .map(|t| if t.kind == Kind::Str { "\"" } else { t.text.as_str() })
        .collect();
    let mut found = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        let rest = &texts[i..];
        if rest.starts_with(&["#", "[", "test", "]"]) || rest.starts_with(&["#", "[", "cfg", "(", "test", ")", "]"]) {
            found.push(t.line);
        }
    }
    found
}

#[test]
fn test_attributes_are_found_in_code_only() {
    let code = "// #[test]\n#[cfg(test)] mod t {\n#[test] fn a() { \"#[test]\"; } }\n#[cfg(feature = \"x\")] fn b() {}";
    assert_eq!(test_attributes(&lex(code)), vec![2, 3]);
}

/// The library is built with `test = false` (Cargo.toml) so that the test
/// command compiles it once: a unit test written in `src/` would compile
/// into nothing and never run. Unit tests go to `tests/it/unit/`.
#[test]
fn the_library_holds_no_test_that_would_never_run() {
    let files = crate::common::files_with_extension(&src(), "rs");
    let found: Vec<String> = files
        .iter()
        .flat_map(|f| {
            let shown = f
                .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .unwrap_or(f)
                .display()
                .to_string();
            test_attributes(&code_of(f))
                .into_iter()
                .map(move |line| format!("{shown}:{line}"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "tests in src/ never run (the library is built with `test = false`); \
         move them to tests/it/unit/: {found:?}"
    );
    let manifest = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml")).unwrap();
    let lib = manifest
        .split("\n[")
        .find(|s| s.starts_with("lib]"))
        .expect("Cargo.toml has a [lib] section");
    assert!(
        lib.lines().any(|l| l.trim() == "test = false"),
        "the library's unit tests are in tests/it/unit/, so [lib] says `test = false`"
    );
}

#[test]
fn use_trees_expand_to_plain_paths() {
    let found = expand_use("crate::a::{b, c::{d, e as f}, self}");
    let pair = |p: &str, n: &str| (p.to_string(), n.to_string());
    assert_eq!(
        found,
        vec![
            pair("crate::a::b", "b"),
            pair("crate::a::c::d", "d"),
            pair("crate::a::c::e", "f"),
            pair("crate::a::self", "a")
        ]
    );
}

#[test]
fn paths_through_a_used_module_are_seen_whole() {
    let code =
        lex("use crate::scene; mod child; fn f() { scene::item::Item::new(); child::g(); $crate::x::y; Self::z }");
    let (paths, children) = paths_in(&code);
    assert_eq!(
        paths,
        vec!["crate::scene", "crate::scene::item::Item::new", "child::g", "Self::z"]
    );
    assert_eq!(children, vec!["child"]);
}

#[test]
fn the_cycle_finder_finds_a_cycle_and_only_a_cycle() {
    let m = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
    let mut g = BTreeMap::new();
    g.insert(m("a"), BTreeSet::from([m("b")]));
    g.insert(m("b"), BTreeSet::from([m("c")]));
    g.insert(m("c"), BTreeSet::from([m("a")]));
    g.insert(m("d"), BTreeSet::from([m("a")]));
    assert_eq!(cycles(&g), vec![vec!["a".to_string(), "b".into(), "c".into()]]);
}

#[test]
fn a_cycle_between_modules_is_found_at_its_depth_and_named() {
    // No file cycle: print -> scene::color, scene::item -> print. At depth 1
    // print and scene are one cycle; at depth 2 there is none.
    let m = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
    let mut g = Graph::new();
    g.insert(m("print"), BTreeSet::from([m("scene/color")]));
    g.insert(m("scene/color"), BTreeSet::new());
    g.insert(m("scene/item"), BTreeSet::from([m("print"), m("scene/color")]));
    g.insert(m("geom"), BTreeSet::from([m("scene/item")]));
    assert!(cycles(&g).is_empty());
    assert_eq!(
        module_cycles(&g),
        vec![
            "depth 1: print, scene form a cycle: print -> scene (print -> scene::color), scene -> print (scene::item -> print)"
        ]
    );
    g.get_mut(&m("print")).unwrap().clear();
    assert!(module_cycles(&g).is_empty());
}

#[test]
fn paths_resolve_to_the_deepest_module_file() {
    let modules: Modules = [
        vec![],
        vec!["layout".to_string()],
        vec!["layout".into(), "source".into()],
    ]
    .into_iter()
    .map(|m| (m, PathBuf::new()))
    .collect();
    let from = vec!["layout".to_string(), "x".to_string()];
    assert_eq!(
        resolve("crate::layout::source::Source", &from, &[], &modules),
        Some(vec!["layout".into(), "source".into()])
    );
    assert_eq!(
        resolve("super::Resolver", &from, &[], &modules),
        Some(vec!["layout".to_string()])
    );
    assert_eq!(resolve("std::fmt::Display", &from, &[], &modules), None);
}

#[test]
fn src_has_no_import_cycles_between_files() {
    let g = graph();
    assert!(g.len() > 20, "the walk found the modules ({})", g.len());
    assert!(
        g.values().map(BTreeSet::len).sum::<usize>() > 50,
        "the walk found the dependencies"
    );
    let found = cycles(&g);
    let shown: Vec<String> = found.iter().map(|c| c.join(" <-> ")).collect();
    assert!(found.is_empty(), "import cycles between files:\n{}", shown.join("\n"));
}

#[test]
fn src_has_no_import_cycles_between_modules() {
    let found = module_cycles(&graph());
    assert!(found.is_empty(), "import cycles between modules:\n{}", found.join("\n"));
}

/// The order of the stages where no cycle would show a step back: each
/// module here reaches none of the modules after it, through any chain of
/// imports, nor any of the [`COMMANDS`]. Loading and resolving comes before what layouts resolve to
/// (the scene, the kinds' contract in `components::resolved`, the match
/// simulation); the stages any kind uses (reading spreadsheets, photos,
/// the league's play) know no kind; the exporters know no game.
const STAGE_ORDER: &[(&str, &[&str])] = &[
    (
        "layout",
        &[
            "components",
            "scene",
            "play",
            "spreadsheet",
            "photo",
            "compose",
            "sheet",
            "check",
            "export",
        ],
    ),
    (
        "spreadsheet",
        &["components", "layout", "scene", "play", "photo", "check", "export"],
    ),
    (
        "photo",
        &["components", "layout", "spreadsheet", "play", "check", "export"],
    ),
    (
        "play",
        &[
            "components",
            "layout",
            "scene",
            "spreadsheet",
            "photo",
            "check",
            "export",
        ],
    ),
    ("export", &["components", "layout", "spreadsheet", "photo", "play"]),
];

/// The modules that run commands (the kit, the virtual table, the pipeline,
/// the build and the command line): no stage of [`STAGE_ORDER`] reaches one.
const COMMANDS: &[&str] = &["kit", "tts", "pipeline", "build", "cli"];

/// The modules `from` reaches through any chain of imports in `g`, each
/// with the chain that reaches it first (breadth first: a shortest one).
fn reached(g: &Graph, from: &[String]) -> BTreeMap<Vec<String>, Vec<Vec<String>>> {
    let mut seen: BTreeMap<Vec<String>, Vec<Vec<String>>> = BTreeMap::new();
    let mut queue = VecDeque::from([vec![from.to_vec()]]);
    while let Some(chain) = queue.pop_front() {
        let last = chain.last().unwrap();
        for next in g.get(last).into_iter().flatten() {
            if !seen.contains_key(next) && next != from {
                let mut longer = chain.clone();
                longer.push(next.clone());
                seen.insert(next.clone(), longer.clone());
                queue.push_back(longer);
            }
        }
    }
    seen
}

/// Where `STAGE_ORDER` is broken in the file graph `files`: each stage that
/// reaches a module after it, with the chain of modules.
fn stage_order_broken(files: &Graph) -> Vec<String> {
    let g = collapse(files, 1);
    let mut out = Vec::new();
    for (stage, after) in STAGE_ORDER {
        let reach = reached(&g, &path_of(stage));
        for later in after.iter().chain(COMMANDS) {
            if let Some(chain) = reach.get(&path_of(later)) {
                let shown: Vec<String> = chain.iter().map(|m| name(m)).collect();
                out.push(format!("{stage} reaches {later}: {}", shown.join(" -> ")));
            }
        }
    }
    out
}

#[test]
fn a_stage_that_reaches_a_later_one_is_named_with_its_chain() {
    let m = |s: &str| s.split('/').map(str::to_string).collect::<Vec<_>>();
    let mut g = Graph::new();
    g.insert(m("spreadsheet"), BTreeSet::from([m("input")]));
    g.insert(m("input"), BTreeSet::new());
    g.insert(m("layout/resolve"), BTreeSet::from([m("geom")]));
    g.insert(m("geom"), BTreeSet::new());
    assert!(stage_order_broken(&g).is_empty());
    g.insert(m("input"), BTreeSet::from([m("components/card_deck/layout")]));
    assert_eq!(
        stage_order_broken(&g),
        vec!["spreadsheet reaches components: spreadsheet -> input -> components"]
    );
}

#[test]
fn src_keeps_the_stage_order() {
    let g = graph();
    for (stage, _) in STAGE_ORDER {
        assert!(
            g.keys().any(|m| m.first().map(String::as_str) == Some(*stage)),
            "the stage {stage} is in src/"
        );
    }
    let found = stage_order_broken(&g);
    assert!(found.is_empty(), "stages reaching later ones:\n{}", found.join("\n"));
}

/// The kinds' contract: what a kind declares and what its resolved value
/// offers, which every kind and the stages after them read.
const CONTRACT: &[&str] = &["component", "load", "placement", "resolved"];

#[test]
fn the_kinds_contract_names_no_kind() {
    let g = graph();
    for file in CONTRACT {
        let module = vec!["components".to_string(), file.to_string()];
        let deps = g
            .get(&module)
            .unwrap_or_else(|| panic!("components::{file} is in src/"));
        let kinds: Vec<String> = deps
            .iter()
            .filter(|d| d.first().map(String::as_str) == Some("components"))
            .filter(|d| !d.get(1).is_some_and(|c| CONTRACT.contains(&c.as_str())))
            .map(|d| name(d))
            .collect();
        assert!(kinds.is_empty(), "components::{file} imports {kinds:?}");
    }
}

#[test]
fn src_keeps_no_thread_local_state() {
    for (m, file) in modules() {
        let code = code_of(&file);
        let uses = code
            .windows(2)
            .any(|w| w[0].is(Kind::Ident, "thread_local") && w[1].is(Kind::Punct, "!"));
        assert!(!uses, "{} uses thread_local!", name(&m));
    }
}

#[test]
fn every_kind_is_named_in_one_file() {
    let kinds = pitchprint::components::registry::kinds();
    assert!(kinds.len() >= 14, "the registry lists the kinds ({kinds:?})");
    let files: Vec<(String, Vec<Token>)> = modules()
        .into_iter()
        .map(|(m, f)| (name(&m), lex(&std::fs::read_to_string(f).unwrap())))
        .collect();
    for kind in kinds {
        let holders: Vec<&str> = files
            .iter()
            .filter(|(_, tokens)| tokens.iter().any(|t| t.is(Kind::Str, kind)))
            .map(|(m, _)| m.as_str())
            .collect();
        assert_eq!(holders.len(), 1, "{kind} is written in {holders:?}");
    }
}

#[test]
fn the_key_finder_sees_keys_and_not_file_names() {
    let code = r#"let a = "board.pitch"; let b = "pitch.toml"; let c = "print.back_offset[0]"; let d = "a b.c"; let e = "\"q\""; let f = "language.name";"#;
    assert_eq!(
        dotted_keys(&lex(code)),
        vec!["board.pitch", "print.back_offset[0]", "language.name"]
    );
}

/// The keys of the built-in label tables (`language.name`, `dice.title`):
/// the labels' own, looked up in them, not layout keys.
fn label_keys() -> BTreeSet<String> {
    fn walk(prefix: &str, table: &toml::Table, out: &mut BTreeSet<String>) {
        for (k, v) in table {
            let key = if prefix.is_empty() {
                k.clone()
            } else {
                format!("{prefix}.{k}")
            };
            match v {
                toml::Value::Table(t) => walk(&key, t, out),
                _ => {
                    out.insert(key);
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("templates/i18n");
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.extension().is_some_and(|e| e == "toml") {
            let table: toml::Table = std::fs::read_to_string(&p).unwrap().parse().unwrap();
            walk("", &table, &mut out);
        }
    }
    out
}

#[test]
fn no_dotted_key_is_typed_by_hand() {
    let labels = label_keys();
    assert!(
        labels.contains("language.name"),
        "the label tables were read ({})",
        labels.len()
    );
    assert!(!labels.contains("board.pitch"), "a layout key is not a label");
    let found: Vec<String> = modules()
        .into_iter()
        .flat_map(|(m, file)| dotted_keys(&code_of(&file)).into_iter().map(move |k| (name(&m), k)))
        .filter(|(_, k)| !labels.contains(k))
        .map(|(m, k)| format!("{m}: \"{k}\""))
        .collect();
    assert!(
        found.is_empty(),
        "{} layout key(s) typed by hand; take them from the section's KEY constants:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn a_function_is_measured_from_fn_to_its_closing_brace() {
    let code = lex("fn a(x: [u8; 2]) -> u8 {\n  let s = \"{\n\";\n  /* } */ 1\n}\ntrait T { fn b(); }");
    let t = code.iter().position(|t| t.is(Kind::Ident, "fn")).unwrap();
    let open = code.iter().position(|t| t.is(Kind::Punct, "{")).unwrap();
    assert_eq!(code[matching_brace(&code, open)].line - code[t].line + 1, 5);
}

#[test]
fn no_function_runs_over_about_120_lines() {
    let found = long_functions(120);
    let shown: Vec<String> = found.iter().map(|(m, f, n)| format!("{m}::{f}: {n} lines")).collect();
    assert!(
        found.is_empty(),
        "{} function(s) over 120 lines; split them:\n{}",
        found.len(),
        shown.join("\n")
    );
}
