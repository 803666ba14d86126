/// What a StateViewController script can do about work held back by an appearance
/// transition: end it with a did-callback, as UIKit would. The model does not keep which
/// way the appearance goes, so both are offered, didAppear first; the first that makes the
/// failed expectation hold is the one suggested.
extension StateViewControllerModel: AnswersPendingWork {
    var pendingAnswers: [(statement: String, command: Command)] {
        guard isInAppearanceTransition else { return [] }
        return [("didAppear(animated: true)", .didAppear(animated: true)),
                ("didDisappear(animated: true)", .didDisappear(animated: true))]
    }
}
