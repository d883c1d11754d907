class Broken {
  func half( {
    let x =
