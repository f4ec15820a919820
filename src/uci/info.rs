//! Formatting search output as UCI text: `info` lines, scores, WDL and `bestmove`.
//!
//! Scores are shown as players read them, whatever the network's raw scale: centipawns
//! normalised by the WDL model ([`crate::eval::wdl`]) so that +100 wins half the games at the
//! root's material (as Stockfish shows them), tablebase wins in a band below mate as
//! Stockfish shows them (`cp 20000` less the plies to the tablebase position), mates as
//! `mate N`; `wdl` comes from the same model.

use crate::chess::Move;
use crate::search::report::{Live, Progress, ScoreBound};
use crate::search::score::{displayed_centipawns, displayed_wdl};
use crate::search::{mate_in, Report};
use std::fmt::Write as _;

/// `cp <x>` or `mate <n>` for a search score from the side to move, on a board of
/// `material` (see [`crate::eval::wdl::material`]).
pub fn score_text(score: i32, material: u32) -> String {
    match mate_in(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", displayed_centipawns(score, material)),
    }
}

/// The `info` line of one report of a search whose root has `material`.
pub fn info_line(report: &Report, material: u32, show_wdl: bool, chess960: bool) -> String {
    report_line(report, material, None, show_wdl, chess960)
}

/// A report's line, its score followed at once by `lowerbound` or `upperbound` when it is
/// only a bound (as the UCI specification places them).
fn report_line(
    report: &Report,
    material: u32,
    bound: Option<ScoreBound>,
    show_wdl: bool,
    chess960: bool,
) -> String {
    let nps = report.nodes.saturating_mul(1000) / report.time_ms.max(1);
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        report.depth,
        report.seldepth,
        report.multipv,
        score_text(report.score, material)
    );
    match bound {
        Some(ScoreBound::Lower) => line.push_str(" lowerbound"),
        Some(ScoreBound::Upper) => line.push_str(" upperbound"),
        None => {}
    }
    if show_wdl {
        let (w, d, l) = displayed_wdl(report.score, material);
        let _ = write!(line, " wdl {w} {d} {l}");
    }
    let _ = write!(
        line,
        " nodes {} nps {nps} hashfull {} tbhits {} time {} pv",
        report.nodes, report.hashfull, report.tb_hits, report.time_ms
    );
    for mv in &report.pv {
        line.push(' ');
        line.push_str(&mv.to_uci(chess960));
    }
    line
}

/// The line of one piece of live output (see [`crate::search::report::Live`]) of a search whose root
/// has `material`.
pub fn live_line(live: &Live, material: u32, show_wdl: bool, chess960: bool) -> String {
    match live {
        Live::CurrentMove { depth, mv, number } => format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            mv.to_uci(chess960)
        ),
        Live::Bound { report, bound } => {
            report_line(report, material, Some(*bound), show_wdl, chess960)
        }
        Live::Progress(progress) => progress_line(progress),
    }
}

/// The counters of a long iteration, without a score or line.
fn progress_line(progress: &Progress) -> String {
    let nps = progress.nodes.saturating_mul(1000) / progress.time_ms.max(1);
    format!(
        "info depth {} seldepth {} nodes {} nps {nps} hashfull {} tbhits {} time {}",
        progress.depth,
        progress.seldepth,
        progress.nodes,
        progress.hashfull,
        progress.tb_hits,
        progress.time_ms
    )
}

/// The `bestmove` line: `0000` without a move, `ponder` when a reply is known.
pub fn bestmove_line(best: Option<Move>, ponder: Option<Move>, chess960: bool) -> String {
    match (best, ponder) {
        (Some(best), Some(ponder)) => format!(
            "bestmove {} ponder {}",
            best.to_uci(chess960),
            ponder.to_uci(chess960)
        ),
        (Some(best), None) => format!("bestmove {}", best.to_uci(chess960)),
        (None, _) => "bestmove 0000".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{MoveFlag, Square};
    use crate::eval::wdl::MODEL;
    use crate::search::params::{MATE, TB_WIN};

    #[test]
    fn scores_and_wdl() {
        assert_eq!(score_text(MATE - 1, 78), "mate 1");
        assert_eq!(score_text(MATE - 3, 78), "mate 2");
        assert_eq!(score_text(-MATE + 2, 78), "mate -1");
        assert_eq!(score_text(-MATE + 4, 78), "mate -2");
        // Tablebase results: 20000 less the plies to the tablebase position.
        assert_eq!(score_text(TB_WIN - 3, 4), "cp 19997");
        assert_eq!(score_text(-TB_WIN + 10, 4), "cp -19990");
        assert_eq!(displayed_wdl(TB_WIN - 3, 4), (1000, 0, 0));
        assert_eq!(displayed_wdl(-MATE + 2, 4), (0, 0, 1000));
        // Ordinary scores are normalised: the raw a(m) shows as +100 at every material.
        for material in [10, 40, 78] {
            let raw = MODEL.params(material).0.round() as i32;
            assert_eq!(score_text(raw, material), "cp 100");
            assert_eq!(score_text(-raw, material), "cp -100");
        }
        for score in [-MATE + 2, -900, -100, 0, 35, 150, 2000, MATE - 1] {
            let (w, d, l) = displayed_wdl(score, 50);
            assert_eq!(w + d + l, 1000, "{score}");
        }
        assert_eq!(displayed_wdl(0, 50).0, displayed_wdl(0, 50).2);
        assert!(displayed_wdl(300, 50).0 > displayed_wdl(100, 50).0);
    }

    #[test]
    fn live_lines() {
        let e2e4 = Move::new(Square::E2, Square::E4, MoveFlag::DoublePush);
        let current = Live::CurrentMove {
            depth: 12,
            mv: e2e4,
            number: 3,
        };
        assert_eq!(
            live_line(&current, 78, false, false),
            "info depth 12 currmove e2e4 currmovenumber 3"
        );
        let report = Report {
            depth: 20,
            seldepth: 31,
            multipv: 1,
            score: 35,
            nodes: 5000,
            time_ms: 4000,
            hashfull: 7,
            tb_hits: 0,
            pv: vec![e2e4],
        };
        let bound = Live::Bound {
            report: &report,
            bound: ScoreBound::Lower,
        };
        let line = live_line(&bound, 78, true, false);
        assert!(
            line.starts_with("info depth 20 seldepth 31 multipv 1 score "),
            "{line}"
        );
        let (w, d, l) = displayed_wdl(35, 78);
        let expected = format!(
            "score {} lowerbound wdl {w} {d} {l} nodes 5000 ",
            score_text(35, 78)
        );
        assert!(line.contains(&expected), "{line}");
        assert!(line.ends_with(" time 4000 pv e2e4"), "{line}");
        let progress = Progress {
            depth: 20,
            seldepth: 33,
            nodes: 8000,
            time_ms: 4000,
            hashfull: 9,
            tb_hits: 2,
        };
        assert_eq!(
            live_line(&Live::Progress(&progress), 78, false, false),
            "info depth 20 seldepth 33 nodes 8000 nps 2000 hashfull 9 tbhits 2 time 4000"
        );
    }
}
