/// What a JMStatefulTableViewController script can do about requests still outstanding:
/// answer each with its success or failure block, as the delegate would.
extension JMStatefulTableViewControllerModel: AnswersPendingWork {
    var pendingAnswers: [(statement: String, command: Command)] {
        var seen: Set<TableRequest> = []
        return pending.filter { seen.insert($0).inserted }.flatMap { request in
            [("succeed(\(request.rawValue))", Command.succeed(request, inserted: 0)),
             ("fail(\(request.rawValue))", Command.fail(request, error: nil))]
        }
    }
}
