protocol TrackerBusinessLogic {
  func track(request: Tracker.Track.Request)
}
