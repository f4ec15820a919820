//! Formatting search output as UCI text: `info` lines, scores, WDL and `bestmove`.

use crate::chess::Move;
use crate::search::live::{Live, Progress, ScoreBound};
use crate::search::{mate_in, Report};
use std::fmt::Write as _;

/// `cp <x>` or `mate <n>` for a score from the side to move.
pub fn score_text(score: i32) -> String {
    match mate_in(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

/// Win/draw/loss per mille for a score, from a simple logistic model of our own: at +0 about
/// 12% wins and 12% losses; a pawn and a half ahead wins about half the games.
pub fn wdl(score: i32) -> (u32, u32, u32) {
    if let Some(moves) = mate_in(score) {
        return if moves > 0 {
            (1000, 0, 0)
        } else {
            (0, 0, 1000)
        };
    }
    let expectation = |cp: f64| 1000.0 / (1.0 + ((150.0 - cp) / 75.0).exp());
    let win = expectation(f64::from(score)).round() as u32;
    let loss = expectation(-f64::from(score)).round() as u32;
    let win = win.min(1000);
    let loss = loss.min(1000 - win);
    (win, 1000 - win - loss, loss)
}

/// The `info` line of one report.
pub fn info_line(report: &Report, show_wdl: bool, chess960: bool) -> String {
    let time_ms = report.time_ms.max(1);
    let nps = report.nodes.saturating_mul(1000) / time_ms;
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        report.depth,
        report.seldepth,
        report.multipv,
        score_text(report.score)
    );
    if show_wdl {
        let (w, d, l) = wdl(report.score);
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

/// The line of one piece of live output (see [`crate::search::live`]).
pub fn live_line(live: &Live, show_wdl: bool, chess960: bool) -> String {
    match live {
        Live::CurrentMove { depth, mv, number } => format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            mv.to_uci(chess960)
        ),
        Live::Bound { report, bound } => bound_line(report, *bound, show_wdl, chess960),
        Live::Progress(progress) => progress_line(progress),
    }
}

/// The `info` line of a failed aspiration window: the score followed at once by
/// `lowerbound` or `upperbound`, as the UCI specification places them.
fn bound_line(report: &Report, bound: ScoreBound, show_wdl: bool, chess960: bool) -> String {
    let bound = match bound {
        ScoreBound::Lower => "lowerbound",
        ScoreBound::Upper => "upperbound",
    };
    let nps = report.nodes.saturating_mul(1000) / report.time_ms.max(1);
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} {bound}",
        report.depth,
        report.seldepth,
        report.multipv,
        score_text(report.score)
    );
    if show_wdl {
        let (w, d, l) = wdl(report.score);
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
    use crate::search::params::MATE;

    #[test]
    fn scores_and_wdl() {
        assert_eq!(score_text(35), "cp 35");
        assert_eq!(score_text(MATE - 1), "mate 1");
        assert_eq!(score_text(MATE - 3), "mate 2");
        assert_eq!(score_text(-MATE + 2), "mate -1");
        assert_eq!(score_text(-MATE + 4), "mate -2");
        for score in [-MATE + 2, -900, -100, 0, 35, 150, 2000, MATE - 1] {
            let (w, d, l) = wdl(score);
            assert_eq!(w + d + l, 1000, "{score}");
        }
        assert_eq!(wdl(0).0, wdl(0).2);
        assert!(wdl(300).0 > wdl(100).0);
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
            live_line(&current, false, false),
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
        let line = live_line(&bound, false, false);
        assert!(
            line.starts_with("info depth 20 seldepth 31 multipv 1 score "),
            "{line}"
        );
        assert!(line.contains(&format!("score {} lowerbound nodes 5000 ", score_text(35))));
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
            live_line(&Live::Progress(&progress), false, false),
            "info depth 20 seldepth 33 nodes 8000 nps 2000 hashfull 9 tbhits 2 time 4000"
        );
    }
}
