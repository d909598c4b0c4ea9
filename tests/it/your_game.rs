//! Issue 50's "done when", as a user makes their own game from the README
//! alone: `pitchprint new game`, then made theirs inside its own folder
//! only (English and Portuguese words and no Spanish, a numbered hex
//! pitch larger than the paper, cards from a sheet with Portuguese headers
//! and phone photos in all eight EXIF turns, a stock font whose accents
//! rise above its ascender, money of their own). Its kit builds on A4 and
//! on Letter, its cards for a print shop and its Tabletop Simulator save,
//! with no error, and nothing outside the game's folder was written to
//! make it so.

use std::path::Path;

use crate::common::{TestDir, read_pdf, replace_line};
use crate::game_words::{COVER_PT, RULES_PT};
use crate::upright::phone_photo;

/// The card template: a name, a landscape photo box and a line of text.
const CARD: &str = r#"cards = "generic"
size = "poker"

[[field]]
column = "Nome"
box = [6.0, 6.0, 51.0, 10.0]

[[image]]
column = "Foto"
box = [6.0, 20.0, 51.0, 40.0]

[[field]]
column = "Lance"
box = [6.0, 64.0, 51.0, 16.0]
"#;

const DECK: &str = "kind = \"card-deck\"\ntemplate = \"carta.toml\"\ndata = \"cartas.csv\"\nphotos = \"fotos\"\n";

/// The user's game, made theirs in `layouts/derby/` alone: started with
/// `pitchprint new game`, its Spanish and Catalan texts taken out, every
/// layout added and titled in the game's own words, then Portuguese added
/// with `i18n add pt` of the game and translated.
fn users_game(name: &str) -> TestDir {
    let dir = TestDir::new(name);
    dir.run(&["new", "game", "layouts/derby"]).expect_code(0);
    let game = dir.join("layouts/derby");
    for text in ["rules", "cover"] {
        for lang in ["es", "ca"] {
            std::fs::remove_file(game.join(format!("{text}/{lang}.md"))).unwrap();
        }
    }
    let board = dir.read_string("layouts/derby/board.toml");
    let board = replace_line(&board, "title = ", "title = \"@derby.title\"");
    let board = replace_line(&board, "caption = ", "caption = \"@derby.caption\"");
    dir.write("layouts/derby/board.toml", &board);
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    // Their own font, with tall accents.
    std::fs::create_dir_all(game.join("fonts")).unwrap();
    for face in ["Regular", "Bold"] {
        let file = format!("AdventorAccentsTest-{face}.otf");
        std::fs::copy(fixtures.join("fonts").join(&file), game.join("fonts").join(&file)).unwrap();
    }
    let text = dir.read_string("layouts/derby/game.toml");
    let text = text.replace(
        "kit = [\"cover.toml\", \"rules.toml\", \"board.toml\"]",
        "kit = [\"cover.toml\", \"rules.toml\", \"board.toml\", \"hex.toml\", \"cartas.toml\", \"money.toml\"]",
    );
    assert!(text.contains("hex.toml"), "the kit's list: {text}");
    dir.write(
        "layouts/derby/game.toml",
        &format!(
            "{text}\n[font]\nregular = \"fonts/AdventorAccentsTest-Regular.otf\"\nbold = \"fonts/AdventorAccentsTest-Bold.otf\"\n"
        ),
    );
    // Their numbered hex pitch, titled in their words.
    let hex = std::fs::read_to_string(fixtures.join("board-kit/hex.toml")).unwrap();
    let hex: String = hex
        .lines()
        .filter(|l| !l.starts_with("caption = "))
        .map(|l| {
            if l.starts_with("title = ") {
                "title = \"@derby.hex_title\"\n".to_string()
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    dir.write("layouts/derby/hex.toml", &hex);
    // Their money, in their words.
    let notes = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("layouts/league/banknotes.toml"))
        .unwrap()
        .replace("@notes.", "@derby.")
        .replace("serial_prefix = \"LG\"", "serial_prefix = \"HD\"");
    dir.write("layouts/derby/money.toml", &notes);
    // Their cards: a Portuguese sheet, accented words, phone photos.
    let mut sheet = String::from("Nome,Foto,Lance\n");
    std::fs::create_dir_all(game.join("fotos")).unwrap();
    for o in 1..=8u8 {
        std::fs::write(game.join(format!("fotos/f{o}.jpg")), phone_photo(300, 400, o)).unwrap();
        sheet.push_str(&format!("Élan {o},f{o}.jpg,Ação: o goleiro rola.\n"));
    }
    dir.write("layouts/derby/cartas.csv", &sheet);
    dir.write("layouts/derby/carta.toml", CARD);
    dir.write("layouts/derby/cartas.toml", DECK);
    // Their words in English, then Portuguese from them, translated.
    dir.write(
        "layouts/derby/i18n/en.toml",
        "[derby]\ntitle = \"Penalty Duel: the goal\"\ncaption = \"Pick a square, hide your die, shoot.\"\n\
         hex_title = \"Hex Derby pitch\"\nbank = \"Derby Bank\"\ncurrency = \"C\"\nback = \"Derby money\"\n",
    );
    dir.run(&["i18n", "add", "pt", "layouts/derby"]).expect_code(0);
    dir.write("layouts/derby/rules/pt.md", RULES_PT);
    dir.write("layouts/derby/cover/pt.md", COVER_PT);
    let whole = dir.read_string("layouts/derby/i18n/pt.toml");
    let (before, from) = whole.split_once("[derby]\n").expect("the game's own table");
    let (mut pt, after) = match from.split_once("\n[") {
        Some((table, rest)) => (format!("\n{table}\n"), format!("[{rest}")),
        None => (format!("\n{from}"), String::new()),
    };
    for (key, words) in [
        ("title", "Duelo de Pênaltis: a baliza"),
        ("caption", "Escolha um quadrado, esconda o dado, chute."),
        ("hex_title", "Campo do Derby"),
        ("bank", "Banco do Élan"),
        ("currency", "Ç"),
        ("back", "Dinheiro do Derby"),
    ] {
        pt = pt.replacen(&format!("\n{key} = "), &format!("\n{key} = \"{words}\"\n#was "), 1);
    }
    assert!(pt.contains("Campo do Derby") && pt.contains("Banco do Élan"), "{pt}");
    dir.write("layouts/derby/i18n/pt.toml", &format!("{before}[derby]{pt}{after}"));
    dir
}

/// The files under `dir` (relative), but `output/`'s.
fn inputs(dir: &Path) -> Vec<String> {
    fn walk(root: &Path, at: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(at).unwrap().flatten() {
            let p = e.path();
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            if rel == "output" {
                continue;
            }
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.push(rel);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

#[test]
fn a_users_own_game_builds_its_kits_shop_files_and_save_with_no_error_from_its_own_folder() {
    let dir = users_game("your-game");
    let made = inputs(dir.path());
    assert!(
        made.iter().all(|f| f.starts_with("layouts/derby/")),
        "the game is its own folder: {made:?}"
    );
    for (paper, w, h) in [("a4", 210.0, 297.0), ("letter", 215.9, 279.4)] {
        let run = dir.run(&["kit", "derby", "--paper", paper]);
        run.expect_code(0);
        assert!(
            run.stderr.contains("built 1 kit in 2 languages (en, pt)") && run.stderr.contains(" 0 errors"),
            "{paper}: {}",
            run.stderr
        );
        for lang in ["en", "pt"] {
            let pages = read_pdf(&dir.read(format!("output/derby/kit-{lang}.pdf")));
            assert!(pages.len() > 10, "{paper} {lang}: {} pages", pages.len());
            for p in &pages {
                let (a, b) = (p.width_mm.min(p.height_mm), p.width_mm.max(p.height_mm));
                assert!((a - w).abs() < 0.2 && (b - h).abs() < 0.2, "{paper}: {a} x {b}");
            }
        }
        assert!(!dir.join("output/derby/kit.pdf").exists(), "no Spanish kit");
    }
    let shop = dir.run(&["build", "layouts/derby/cartas.toml", "--target", "mpc"]);
    shop.expect_code(0);
    assert!(shop.stderr.contains(" 0 errors"), "{}", shop.stderr);
    let save = dir.run(&["tts", "derby"]);
    save.expect_code(0);
    assert!(save.stderr.contains(" 0 errors"), "{}", save.stderr);
    for lang in ["en", "pt"] {
        assert!(
            dir.join(format!("output/derby/tts/derby-{lang}.json")).is_file(),
            "{lang}"
        );
    }
    // Building read the game and wrote only under output/.
    assert_eq!(inputs(dir.path()), made, "nothing written beside the inputs");
}
