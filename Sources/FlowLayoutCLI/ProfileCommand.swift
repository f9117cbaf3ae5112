import ArgumentParser

struct ProfileCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "profile", abstract: "Not yet implemented.")
  func run() throws { throw ValidationError("flowlayout profile is not implemented yet") }
}
