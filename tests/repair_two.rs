//! Two sheets of one game (`repair --with`): a ply one sheet does not record is one
//! disagreement, not a disagreement at every ply after it.

use scoresheet::notation::LetterSet;
use scoresheet::reconstruct::{repair, repair_two, RepairOptions, Sheet};

#[test]
fn a_gap_in_one_sheet_is_one_disagreement() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let complete = Sheet::read(
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. Ve1 b5 7. Sb3 d6 8. c3 0-0",
    );
    // 6. Ve1 not written: the writer went on in the same cell.
    let gap = Sheet::read(
        "1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6 5. 0-0 Se7 6. b5 Sb3 7. d6 c3 8. 0-0",
    );
    let game = repair(&complete, &options).moves;
    for (first, second, followed) in [(&gap, &complete, "second"), (&complete, &gap, "first")] {
        let r = repair_two(first, second, &options);
        assert_eq!(r.moves, game);
        assert_eq!(r.disagreements.len(), 1, "{r}");
        let d = &r.disagreements[0];
        assert_eq!(
            (d.at.ply, d.played.as_str(), d.followed),
            (11, "Ve1", followed)
        );
        let written = [d.first.as_deref(), d.second.as_deref()];
        assert!(
            written.contains(&None) && written.contains(&Some("Ve1")),
            "{r}"
        );
    }
}

#[test]
fn a_slip_in_one_sheet_follows_the_other() {
    let options = RepairOptions::new(LetterSet::by_code("cs").unwrap());
    let white = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sa4 Jf6");
    let black = Sheet::read("1. e4 e5 2. Jf3 Jc6 3. Sb5 a6 4. Sad Jf6");
    let r = repair_two(&white, &black, &options);
    assert_eq!(r.disagreements.len(), 1, "{r}");
    assert_eq!(r.disagreements[0].followed, "first");
    assert_eq!(r.disagreements[0].second.as_deref(), Some("Sad"));
}
