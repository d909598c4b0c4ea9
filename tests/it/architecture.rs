//! The shape of `src/`, held by tests: files depend on each other in one
//! direction (no import cycles), no hidden global state, and every component
//! kind is named in one file only.
//!
//! Dependencies are read from the source text: `crate::`, `super::` and
//! `self::` paths, and paths into a module's own children (`child::item`),
//! in `use` lines and in code alike. A path is charged to the deepest module
//! file it names: `crate::layout::source::Source` is an edge to
//! `layout/source.rs`, `crate::layout::Resolver` an edge to `layout/mod.rs`.
//! Unit tests (`#[cfg(test)] mod tests { ... }`) are not architecture and are
//! left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path (`["layout", "source"]`) and its file.
type Modules = BTreeMap<Vec<String>, PathBuf>;

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// Every module of the library crate (`main.rs` is the binary's own root).
fn modules() -> Modules {
    let root = src();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
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

/// The text with comments, string and char literals blanked, and unit-test
/// modules removed.
fn code_of(text: &str) -> String {
    strip_test_modules(&scrub(text, false))
}

/// The text without comments; string literals blanked unless `keep_strings`.
fn scrub(text: &str, keep_strings: bool) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == '*' && b[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && (next == Some('"') || (next == Some('#') && b.get(i + 2) == Some(&'"'))) {
            // raw string r"..." or r#"..."#
            let mut hashes = 0;
            i += 1;
            while b[i] == '#' {
                hashes += 1;
                i += 1;
            }
            i += 1;
            loop {
                if i >= b.len() {
                    break;
                }
                if b[i] == '"' && (0..hashes).all(|k| b.get(i + 1 + k) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                i += 1;
            }
            out.push_str("\"\"");
        } else if c == '"' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            if keep_strings {
                out.extend(&b[start..i.min(b.len())]);
            } else {
                out.push_str("\"\"");
            }
        } else if c == '\'' && next.is_some() && b.get(i + 2) == Some(&'\'') {
            i += 3;
            out.push_str("' '");
        } else if c == '\'' && next == Some('\\') {
            i += 2;
            while i < b.len() && b[i] != '\'' {
                i += 1;
            }
            i += 1;
            out.push_str("' '");
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn strip_test_modules(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(at) = out.find("#[cfg(test)]") {
        let rest = &out[at..];
        let Some(open) = rest.find('{') else { break };
        let mut depth = 0;
        let mut end = None;
        for (k, ch) in rest[open..].char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(open + k + 1);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else { break };
        out.replace_range(at..at + end, "");
    }
    out
}

/// Expands `use` trees into plain paths: `a::{b, c::{d, e as f}}` gives
/// `a::b`, `a::c::d`, `a::c::e`.
fn expand_use(tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    fn go(prefix: &str, tree: &str, out: &mut Vec<String>) {
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
            let leaf = tree.split(" as ").next().unwrap().trim();
            if !leaf.is_empty() {
                out.push(join(prefix, leaf));
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

/// Every path the code names: the expanded `use` items and the `a::b::c`
/// paths elsewhere.
fn paths_in(code: &str) -> (Vec<String>, Vec<String>) {
    let mut paths = Vec::new();
    let mut rest = String::new();
    let mut children = Vec::new();
    // `use` statements end at `;`.
    let mut s = code;
    loop {
        let found = find_word(s, "use");
        let Some(at) = found else {
            rest.push_str(s);
            break;
        };
        rest.push_str(&s[..at]);
        let end = s[at..].find(';').map(|e| at + e).unwrap_or(s.len());
        paths.extend(expand_use(&s[at + 3..end]));
        s = &s[(end + 1).min(s.len())..];
    }
    // `mod x;` declares a child (not itself a dependency).
    for line in rest.lines() {
        let l = line.trim();
        let l = l.strip_prefix("pub ").unwrap_or(l);
        let l = l.strip_prefix("pub(crate) ").unwrap_or(l);
        if let Some(name) = l.strip_prefix("mod ").and_then(|n| n.strip_suffix(';')) {
            children.push(name.trim().to_string());
        }
    }
    // Other paths: runs of identifiers joined by `::`.
    let chars: Vec<char> = rest.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_alphabetic() || chars[i] == '_' {
            let prev = if i > 0 { chars[i - 1] } else { ' ' };
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == ':') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if !(prev.is_alphanumeric() || prev == '_' || prev == '$') && word.contains("::") {
                paths.push(word.trim_end_matches(':').to_string());
            }
        } else {
            i += 1;
        }
    }
    (paths, children)
}

fn find_word(s: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = s[from..].find(word) {
        let at = from + k;
        let before = s[..at].chars().last().unwrap_or(' ');
        let after = s[at + word.len()..].chars().next().unwrap_or(' ');
        if !(before.is_alphanumeric() || before == '_') && after.is_whitespace() {
            return Some(at);
        }
        from = at + word.len();
    }
    None
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
fn graph() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let modules = modules();
    let mut g = BTreeMap::new();
    for (m, file) in &modules {
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        let (paths, children) = paths_in(&code);
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

/// Strongly connected components with more than one module (Tarjan).
fn cycles(g: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    struct St<'a> {
        g: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
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

#[test]
fn use_trees_expand_to_plain_paths() {
    assert_eq!(
        expand_use("crate::a::{b, c::{d, e as f}, self}"),
        vec!["crate::a::b", "crate::a::c::d", "crate::a::c::e", "crate::a::self"]
    );
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
fn src_has_no_import_cycles() {
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
fn src_keeps_no_thread_local_state() {
    for (m, file) in modules() {
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        assert!(!code.contains("thread_local!"), "{} uses thread_local!", name(&m));
    }
}

#[test]
fn every_kind_is_named_in_one_file() {
    let kinds = pitchprint::components::registry::kinds();
    assert!(kinds.len() >= 14, "the registry lists the kinds ({kinds:?})");
    let files: Vec<(String, String)> = modules()
        .into_iter()
        .map(|(m, f)| (name(&m), scrub(&std::fs::read_to_string(f).unwrap(), true)))
        .collect();
    for kind in kinds {
        let quoted = format!("\"{kind}\"");
        let holders: Vec<&str> = files
            .iter()
            .filter(|(_, text)| text.contains(&quoted))
            .map(|(m, _)| m.as_str())
            .collect();
        assert_eq!(holders.len(), 1, "{kind} is written in {holders:?}");
    }
}

/// String literals in `src/` that look like a dotted layout key (`"board.pitch"`,
/// `"style.grid_width"`, `"print.back_offset[0]"`), file by file. File names
/// (`"board.toml"`) are not keys.
fn dotted_key_literals() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (m, file) in modules() {
        let code = strip_test_modules(&scrub(&std::fs::read_to_string(&file).unwrap(), true));
        let mut rest = code.as_str();
        while let Some(start) = rest.find('"') {
            let after = &rest[start + 1..];
            let Some(end) = after.find('"') else { break };
            let lit = &after[..end];
            rest = &after[end + 1..];
            let is_file = [".toml", ".md", ".csv", ".pdf", ".svg", ".png", ".jpg", ".rs", ".xml"]
                .iter()
                .any(|e| lit.ends_with(e));
            let parts: Vec<&str> = lit.split('.').collect();
            let word = |p: &str| {
                let p = p.split('[').next().unwrap_or("");
                !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            };
            if parts.len() >= 2 && parts.iter().all(|p| word(p)) && !is_file {
                out.push((name(&m), lit.to_string()));
            }
        }
    }
    out
}

#[test]
fn the_key_finder_sees_keys_and_not_file_names() {
    let code = "let a = \"board.pitch\"; let b = \"pitch.toml\"; let c = \"print.back_offset[0]\"; let d = \"a b.c\";";
    let found: Vec<String> = {
        let mut v = Vec::new();
        for lit in code.split('"').skip(1).step_by(2) {
            let parts: Vec<&str> = lit.split('.').collect();
            let word = |p: &str| {
                let p = p.split('[').next().unwrap_or("");
                !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            };
            if parts.len() >= 2 && parts.iter().all(|p| word(p)) && !lit.ends_with(".toml") {
                v.push(lit.to_string());
            }
        }
        v
    };
    assert_eq!(found, vec!["board.pitch", "print.back_offset[0]"]);
}

#[test]
fn no_dotted_key_is_typed_by_hand() {
    let found = dotted_key_literals();
    let shown: Vec<String> = found.iter().map(|(m, k)| format!("{m}: \"{k}\"")).collect();
    assert!(
        found.is_empty(),
        "{} layout key(s) typed by hand; take them from the section's KEY constants:\n{}",
        found.len(),
        shown.join("\n")
    );
}

/// Functions of `src/` longer than `max` lines, with their length.
fn long_functions(max: usize) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    for (m, file) in modules() {
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let lines: Vec<&str> = code.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let t = lines[i].trim_start();
            let t = t
                .strip_prefix("pub ")
                .or_else(|| t.strip_prefix("pub(crate) "))
                .unwrap_or(t);
            let Some(rest) = t.strip_prefix("fn ") else {
                i += 1;
                continue;
            };
            let fn_name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let (mut depth, mut opened, mut end) = (0i32, false, i);
            for (j, l) in lines.iter().enumerate().skip(i) {
                depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
                opened |= l.contains('{');
                end = j;
                if (opened && depth <= 0) || (!opened && l.trim_end().ends_with(';')) {
                    break;
                }
            }
            let len = end - i + 1;
            if len > max {
                out.push((name(&m), fn_name, len));
            }
            i = if opened { end + 1 } else { i + 1 };
        }
    }
    out
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
