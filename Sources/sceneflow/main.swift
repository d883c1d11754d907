import SceneFlowCLI

SceneFlowCLI.main()
