//! Which move is invented for a ply the sheet does not record, where the sheet cannot tell: the
//! kind of move players actually play there (`grammars/repair-costs.tsv`, `prior_` lines).

use scoresheet::board::Role;
use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{repair, Correction, Repair, RepairOptions, Sheet};

/// The corrections that invent a move for a ply the sheet does not record.
fn invented(r: &Repair) -> Vec<&Correction> {
    r.corrections
        .iter()
        .filter(|c| c.kind == "ply_missing")
        .collect()
}

fn czech() -> RepairOptions<'static> {
    RepairOptions::new(LetterSet::by_code("cs").expect("Czech letters"))
}

/// From a TWIC game (the noise bench's seed 20261121): the writer skipped 3... Qxd5 and filled the
/// next cell. Any of ten black moves explains the words that follow equally well; the recapture
/// on d5 is invented, flagged as such, and the others are still reported (the sheet alone cannot
/// tell them apart).
#[test]
fn skipped_recapture_is_invented() {
    let sheet = Sheet::read("1. d4 d5 2. c4 c5 3. cxd5 Jf3 4. cxd4 Jc3 5. Da5 Jxd4 6. Jf6 Jb3");
    let r = repair(&sheet, &czech());
    let sixth = r
        .moves
        .get(5)
        .expect("the game goes on past the skipped ply");
    assert_eq!(
        (sixth.role(), sixth.to().to_string()),
        (Role::Queen, "d5".to_owned()),
        "{r}"
    );
    let invented = invented(&r);
    assert_eq!(invented.len(), 1, "{r}");
    assert_eq!(invented[0].at.ply, 6);
    assert!(invented[0].detail.contains("recapture"), "{r}");
    assert!(r.alternatives_total >= 1, "{r}");
    assert!(r
        .alternatives
        .iter()
        .all(|a| a.sheet_extra_cost < 0.01 && a.extra_cost > 0.5));
    assert_eq!(r.moves.len(), 13);
}

/// The players repeat (Nf3 Nc6 Ng1 Nb8, twice) and the writer skips the third Nf3: the move that
/// repeats the position is invented, not Nh3 or Ne2, which let the words that follow read as well.
#[test]
fn skipped_repetition_is_invented() {
    let sheet = Sheet::read(
        "1. e4 e5 2. Jf3 Jc6 3. Jg1 Jb8 4. Jf3 Jc6 5. Jg1 Jb8 6. Jc6 Jg1 7. Jb8 Jf3 8. Jc6",
    );
    let r = repair(&sheet, &czech());
    let invented = invented(&r);
    assert_eq!(invented.len(), 1, "{r}");
    assert_eq!(invented[0].at.ply, 11, "{r}");
    assert_eq!(invented[0].read_as.as_deref(), Some("Jf3"), "{r}");
    assert!(invented[0].detail.contains("repeats"), "{r}");
    assert!(r.alternatives.iter().all(|a| a.sheet_extra_cost < 0.01));
}
