//! Under CI (`CI` set, as `.ci/run` sets it) every outside program the tests compare
//! tabula with must be there: elsewhere a missing one makes its tests show as ignored,
//! in CI it fails the run.

#[test]
fn ci_has_every_outside_program() {
    let missing: Vec<&str> = [
        (cfg!(missing_gnugo), "GNU Go (apt-get install gnugo)"),
        (cfg!(missing_python3), "python3"),
        (
            cfg!(missing_sgfmill),
            "sgfmill (python3 -m pip install sgfmill)",
        ),
    ]
    .into_iter()
    .filter_map(|(missing, name)| missing.then_some(name))
    .collect();
    if std::env::var_os("CI").is_some() {
        assert!(
            missing.is_empty(),
            "missing under CI: {}",
            missing.join(", ")
        );
    }
}
