//! The grammar (grammars/notation.ebnf) and the parser agree: every example in the grammar parses,
//! and every rule cites an article of the Laws' notation appendix or says it is usage.

use scoresheet::notation::{LetterSet, WrittenMove};

const EBNF: &str = include_str!("../grammars/notation.ebnf");

fn examples() -> Vec<&'static str> {
    EBNF.lines()
        .filter_map(|l| l.trim().strip_prefix("(* example: "))
        .filter_map(|l| l.strip_suffix(" *)"))
        .collect()
}

#[test]
fn every_grammar_example_parses_in_czech_letters() {
    let cs = LetterSet::by_code("cs").unwrap();
    let ex = examples();
    assert!(ex.len() >= 35, "only {} examples", ex.len());
    for e in ex {
        assert!(
            WrittenMove::parse(e, cs).is_ok(),
            "grammar example {e:?} does not parse: {:?}",
            WrittenMove::parse(e, cs)
        );
    }
}

#[test]
fn every_rule_names_its_source() {
    // Each rule definition ("name = ...") is preceded by a comment citing C.n, Article or usage.
    let mut last_comment = String::new();
    let mut in_comment = false;
    let mut current = String::new();
    for line in EBNF.lines() {
        let t = line.trim();
        if t.starts_with("(*") && !t.starts_with("(* example") {
            in_comment = true;
            current.clear();
        }
        if in_comment {
            current.push_str(t);
            current.push(' ');
            if t.ends_with("*)") {
                in_comment = false;
                last_comment = current.clone();
            }
            continue;
        }
        if let Some((name, _)) = t.split_once(" = ") {
            if name.chars().all(|c| c.is_ascii_lowercase() || c == ' ') && !name.is_empty() {
                assert!(
                    last_comment.contains("C.")
                        || last_comment.contains("usage")
                        || last_comment.contains("Article"),
                    "rule {name:?} has no article: {last_comment:?}"
                );
            }
        }
    }
}

#[test]
fn examples_read_in_the_wrong_letter_set_fail_cleanly() {
    // Czech knight J is no letter in Croatian; nothing panics, an unknown letter is named.
    let hr = LetterSet::by_code("hr").unwrap();
    let err = WrittenMove::parse("Jg1-f3", hr).unwrap_err();
    assert!(err.to_string().contains("'J'"), "{err}");
}
