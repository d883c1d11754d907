/// One record of a trace in file order, as a reader hands it over and `TraceEncoder.writeDocument` takes it.
public enum TraceItem {
    case header(TraceHeader)
    case step(TraceStep)
    /// A cycle starts: its `lastSequence` is not known yet.
    case cycleStart(TraceCycle)
    case cycleEnd(number: Int, lastSequence: Int)
    case event(TraceEvent)
    case end(RunEnd)
}
