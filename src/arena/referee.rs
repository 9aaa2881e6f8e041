//! The referee: an in-process tabula GTP session that every move goes through first, so
//! any game tabula plays is refereed by its own rules with no game knowledge here.

use std::time::Duration;

use super::gtp_client::GtpClient;
use super::player::{Colour, GameColour, GameSetup};
use super::seats::Seats;
use crate::protocol::gtp::{Session, Settings, go::GoGtp};
use crate::protocol::input::StopControl;

pub struct Referee {
    session: Session,
}

/// How a game ended by the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// `B+3.5`, `W+12.0` or `0`, as `final_score` says it.
    pub score: String,
    /// A sentence for people (`gogui-rules_final_result`).
    pub sentence: String,
}

impl Referee {
    /// A fresh game as `setup` describes it; `Err` names what tabula cannot referee.
    pub fn new(setup: &GameSetup) -> Result<Referee, String> {
        let session = Session::new(
            Box::new(GoGtp::default()),
            Settings::default(),
            StopControl::default(),
        );
        let mut referee = Referee { session };
        referee.run(&format!("set_game {}", setup.game))?;
        if let Some(n) = setup.size {
            referee.run(&format!("boardsize {n}"))?;
        }
        if let Some(k) = setup.komi {
            referee.run(&format!("komi {k}"))?;
        }
        if let Some(r) = &setup.rules {
            referee.run(&format!("kgs-rules {r}"))?;
        }
        referee.run("clear_board")?;
        // A score per colour (Blokus Classic, Three-Player) means more than two players:
        // the match is then played by seats, which it must know.
        if let Ok(score) = referee.run("final_score")
            && score.split_whitespace().count() > 1
            && Seats::of(&setup.game).is_none()
        {
            return Err(format!(
                "{} has more than two players, and no seats are known for it",
                setup.game
            ));
        }
        Ok(referee)
    }

    /// Runs one command: the answer's text, or its failure message.
    pub fn run(&mut self, command: &str) -> Result<String, String> {
        let out = self.session.execute_line(command);
        let text = out.trim_end_matches('\n');
        let body = text.get(1..).unwrap_or("").trim_start().to_string();
        if text.starts_with('=') {
            Ok(body)
        } else {
            Err(format!("{command}: {body}"))
        }
    }

    /// Plays a move (GTP notation, `pass` included) if the rules allow it.
    pub fn play(&mut self, colour: GameColour, mv: &str) -> Result<(), String> {
        if mv.split_whitespace().count() != 1 {
            return Err("syntax error".into());
        }
        self.run(&format!("play {} {mv}", colour.gtp()))
            .map(|_| ())
            .map_err(|e| e.rsplit(": ").next().unwrap_or(&e).to_string())
    }

    /// No legal move is left: the game is over by the rules.
    pub fn is_over(&mut self) -> bool {
        self.run("gogui-rules_legal_moves")
            .is_ok_and(|moves| moves.trim().is_empty())
    }

    pub fn to_move(&mut self) -> GameColour {
        self.run("gogui-rules_side_to_move")
            .ok()
            .and_then(|text| GameColour::parse(&text))
            .unwrap_or(GameColour::Side(Colour::Black))
    }

    /// The board, top row first. GoGui's square board marks the cells outside a W×H game
    /// `?`; they are left out.
    pub fn rows(&mut self) -> Vec<String> {
        self.run("gogui-rules_board")
            .map(|b| {
                b.lines()
                    .map(|l| l.replace([' ', '?'], ""))
                    .filter(|l| !l.is_empty())
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn verdict(&mut self) -> Verdict {
        Verdict {
            score: self.run("final_score").unwrap_or_else(|_| "?".into()),
            sentence: self.run("gogui-rules_final_result").unwrap_or_default(),
        }
    }

    /// Stones captured by Black and by White (0 in games without captures).
    pub fn captured(&mut self) -> [u32; 2] {
        let counts = self.run("gogui-rules_captured_count").unwrap_or_default();
        let mut n = counts.split_whitespace().map(|w| w.parse().unwrap_or(0));
        [n.next().unwrap_or(0), n.next().unwrap_or(0)]
    }

    pub fn sgf(&mut self) -> String {
        self.run("printsgf").unwrap_or_default()
    }
}

/// `--referee CMD`: another engine scores finished games, as gogui-twogtp's referee does.
pub struct ExternalReferee {
    client: GtpClient,
}

impl ExternalReferee {
    pub fn start(command: &str, timeout: Duration) -> Result<ExternalReferee, String> {
        GtpClient::start(command, None, timeout)
            .map(|client| ExternalReferee { client })
            .map_err(|f| f.detail)
    }

    /// Replays the game and asks `final_score`.
    pub fn score(
        &mut self,
        setup: &GameSetup,
        moves: &[(GameColour, String)],
    ) -> Result<String, String> {
        let c = &mut self.client;
        let mut commands = Vec::new();
        if !setup.game.eq_ignore_ascii_case("go") {
            commands.push(format!("set_game {}", setup.game));
        }
        if let Some(n) = setup.size {
            commands.push(format!("boardsize {n}"));
        }
        commands.push("clear_board".into());
        if let Some(k) = setup.komi {
            commands.push(format!("komi {k}"));
        }
        for (colour, mv) in moves {
            commands.push(format!("play {} {mv}", colour.gtp()));
        }
        for command in commands {
            c.require(&command).map_err(|f| f.detail)?;
        }
        c.require("final_score").map_err(|f| f.detail)
    }
}
